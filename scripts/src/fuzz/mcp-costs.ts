import { MCP_PATH } from '@agentry/domain/mcp';
import { MCP_MAX_BATCH } from '@agentry/domain/request-bounds';
import type { RawResponse } from './client';
import { type FuzzReport, MCP_OPERATION } from './report';
import type { CallerName, World } from './world';

// What POST /mcp costs (issue 21, finding 1): each message of a batch is one read of the caller's
// budget, charged before any of them runs; a batch the server refuses (empty, past MCP_MAX_BATCH,
// not JSON, a bad key) costs only the door's read. The budget is the caller's: the address's for a
// visitor, the key's own for a key holder (whose batches cost the address nothing). Read from the
// RateLimit header's `remaining` after a probe of one message, so each step's price is exact.

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const listCategories = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'list_categories', arguments: {} },
});
const batchOf = (size: number) => Array.from({ length: size }, (_, i) => listCategories(i + 1));

const remainingOf = (response: RawResponse) =>
  Number(/remaining=(\d+)/.exec(String(response.headers.ratelimit ?? ''))?.[1] ?? Number.NaN);

interface Step {
  what: string;
  body: string;
  /** Reads it costs its caller. */
  cost: number;
  status: number;
  headers?: Record<string, string>;
}

export async function checkMcpCosts(world: World, report: FuzzReport): Promise<void> {
  const problems: string[] = [];
  const send = (caller: CallerName, step: Pick<Step, 'body' | 'headers'>) =>
    world.request(caller, {
      method: 'POST',
      path: MCP_PATH,
      headers: { ...HEADERS, ...step.headers },
      body: Buffer.from(step.body),
    });
  const probe = { body: JSON.stringify(listCategories(1)) };

  /** The reads `step` cost `payer`'s budget, measured between two probes of `payer` (probe costs 1). */
  async function priceOf(payer: CallerName, sender: CallerName, step: Step): Promise<[number, RawResponse]> {
    for (let attempt = 0; ; attempt++) {
      const before = remainingOf(await send(payer, probe));
      const answer = await send(sender, step);
      const after = payer === sender ? remainingOf(answer) : remainingOf(await send(payer, probe)) + 1;
      // A new minute's window began in between: measure again.
      if (after > before && attempt === 0) continue;
      return [before - after, answer];
    }
  }

  const steps: Step[] = [
    { what: 'one message', body: JSON.stringify(listCategories(1)), cost: 1, status: 200 },
    { what: 'a batch of 2', body: JSON.stringify(batchOf(2)), cost: 2, status: 200 },
    {
      what: `a batch of ${MCP_MAX_BATCH}`,
      body: JSON.stringify(batchOf(MCP_MAX_BATCH)),
      cost: MCP_MAX_BATCH,
      status: 200,
    },
    {
      what: `a batch of ${MCP_MAX_BATCH + 1}`,
      body: JSON.stringify(batchOf(MCP_MAX_BATCH + 1)),
      cost: 1,
      status: 400,
    },
    { what: 'a batch of 100', body: JSON.stringify(batchOf(100)), cost: 1, status: 400 },
    { what: 'an empty batch', body: '[]', cost: 1, status: 400 },
    { what: 'a body that is not JSON', body: '[{', cost: 1, status: 400 },
  ];
  for (const caller of ['anonymous', 'keyHolder'] as const) {
    for (const step of steps) {
      const [cost, answer] = await priceOf(caller, caller, step);
      if (answer.status !== step.status)
        problems.push(`${step.what} from ${caller} answered ${answer.status}, not ${step.status}`);
      if (cost !== step.cost)
        problems.push(`${step.what} from ${caller} cost ${cost} reads, not ${step.cost}`);
    }
  }
  // A key holder's batch costs the address it comes from nothing; a revoked key's costs it the
  // door's read only, refused before the body is read.
  const keyBatch: Step = {
    what: `a key holder's batch of ${MCP_MAX_BATCH}`,
    body: JSON.stringify(batchOf(MCP_MAX_BATCH)),
    cost: 0,
    status: 200,
  };
  const revokedBatch: Step = {
    ...keyBatch,
    what: `a revoked key's batch of ${MCP_MAX_BATCH}`,
    cost: 1,
    status: 401,
  };
  for (const [sender, step] of [
    ['keyHolder', keyBatch],
    ['revokedKey', revokedBatch],
  ] as const) {
    const [cost, answer] = await priceOf('anonymous', sender, step);
    if (answer.status !== step.status)
      problems.push(`${step.what} answered ${answer.status}, not ${step.status}`);
    if (cost !== step.cost) problems.push(`${step.what} cost the address ${cost} reads, not ${step.cost}`);
  }
  if (problems.length > 0) report.fail(MCP_OPERATION, 'what a batch costs', problems, 'cost');
  report.mcpCostsChecked = true;
}
