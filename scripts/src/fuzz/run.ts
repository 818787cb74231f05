import { CallerPicker, isStateChange } from './callers';
import { applicableKinds, buildCase, type FuzzCase } from './cases';
import { judge, type PrototypeState, pollution, prototypeState } from './checks';
import type { RawResponse } from './client';
import { checkRequestCosts } from './cost-check';
import { fuzzMcp } from './mcp-run';
import { type Operation, readOperations } from './openapi';
import { checkRateLimitAnswers } from './rate-limit-check';
import { FuzzReport, MCP_OPERATION } from './report';
import { restoreWorld } from './restore';
import { Rng } from './rng';
import { changedParts, takeSnapshot } from './snapshot';
import { prepareUploads } from './upload-mutations';
import { World } from './world';

// The run: every operation of docs/openapi.yaml gets `perEndpoint` bad requests against the real
// app on a fresh store; each answer is judged, and each refused change is checked to have left
// the store as it was.

export interface FuzzOptions {
  perEndpoint: number;
  seed: number;
  /** Only these operations (operationId or "METHOD /path", or "mcp" for POST /mcp's pass), to replay a failure. */
  only?: string[];
  /** Requests of POST /mcp's pass (mcp-run.ts); 0 leaves it out. */
  mcpCases?: number;
  /** Where MONGODB_URI is read from (the store to fuzz). */
  env?: NodeJS.ProcessEnv;
  /** Told after each operation (the command prints progress). */
  onOperationDone?: (operation: Operation, report: FuzzReport) => void;
}

const matches = (operation: Operation, only: string[]) =>
  only.some((name) => name === operation.id || name === `${operation.method} ${operation.path}`);

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const operations = readOperations().filter(
    (operation) => !options.only?.length || matches(operation, options.only),
  );
  const mcp =
    !options.only?.length || options.only.includes(MCP_OPERATION) || options.only.includes('POST /mcp');
  if (operations.length === 0 && !mcp) throw new Error(`no operation matches ${options.only?.join(', ')}`);
  await prepareUploads();
  const world = await World.start(options.env);
  const report = new FuzzReport(options.seed, options.perEndpoint, world.storeKind);
  const picker = new CallerPicker();
  const prototype = prototypeState();
  try {
    for (const operation of operations) {
      // One stream per operation: a case is the same whichever other operations run.
      const rng = Rng.derive(options.seed, operation.id);
      const kinds = rng.shuffle(applicableKinds(operation));
      for (let index = 0; index < options.perEndpoint; index += 1) {
        const fuzzCase = buildCase(operation, index, kinds[index % kinds.length]!, rng, world, picker);
        await runCase(world, picker, report, fuzzCase, prototype);
      }
      options.onOperationDone?.(operation, report);
    }
    // Every list a body carries is bounded, and a batch costs what its items would (issue 21).
    await checkRequestCosts(world, report, operations);
    // POST /mcp speaks JSON-RPC and is not in docs/openapi.yaml: a pass of its own.
    if (mcp && (options.mcpCases ?? 0) > 0)
      await fuzzMcp(world, report, { cases: options.mcpCases!, seed: options.seed });
    if (!options.only?.length) await checkRateLimitAnswers(report);
  } finally {
    await world.stop();
  }
  return report;
}

async function runCase(
  world: World,
  picker: CallerPicker,
  report: FuzzReport,
  fuzzCase: FuzzCase,
  prototype: PrototypeState,
): Promise<void> {
  const started = Date.now();
  const change = isStateChange(fuzzCase.operation);
  const before = change ? await takeSnapshot(world.store, world.ids) : null;
  const logFrom = world.errorLog.length;
  const problems: string[] = [];
  let response: RawResponse | null = null;
  try {
    response = await world.request(fuzzCase.caller, fuzzCase.request, fuzzCase.csrf);
  } catch (error) {
    problems.push(`no answer: ${(error as Error).message}`);
  }
  if (response) {
    problems.push(...judge(fuzzCase, response, world.server.dataDir));
    picker.learn(fuzzCase.operation, fuzzCase.caller, fuzzCase.csrf, response);
    if (before && response.status >= 400) {
      const changed = changedParts(before, await takeSnapshot(world.store, world.ids));
      if (changed.length > 0)
        problems.push(`refused with ${response.status} but changed the store: ${changed.join(', ')}`);
    }
  }
  const polluted = pollution(prototype);
  if (polluted.length > 0) problems.push(`polluted Object.prototype: ${polluted.join(', ')}`);
  // An accepted change may have signed a caller out or removed a seeded record: put them back.
  if (change && (!response || response.status < 400)) await restoreWorld(world);
  report.record(fuzzCase, response, problems, world.errorLog.slice(logFrom), Date.now() - started);
}
