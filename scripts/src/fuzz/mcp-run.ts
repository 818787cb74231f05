import { MCP_PATH } from '@agentry/domain/mcp';
import { pollution, prototypeState } from './checks';
import type { RawResponse } from './client';
import { buildMcpCase, type ListedTool, MCP_KINDS, type McpCase } from './mcp-cases';
import { judgeMcp } from './mcp-checks';
import { checkMcpCosts } from './mcp-costs';
import type { FuzzReport } from './report';
import { Rng } from './rng';
import type { World } from './world';

// The fuzzer's pass over POST /mcp (mcp-cases.ts says what it sends, mcp-checks.ts what it asks of
// each answer, mcp-costs.ts what a batch must cost). Its own seeded stream, so a case is the same
// whichever operations ran before; `cases` requests, each kind in turn, one at a time: bounded in
// time by their number (each answer within the client's 30 s).

export async function fuzzMcp(
  world: World,
  report: FuzzReport,
  options: { cases: number; seed: number },
): Promise<void> {
  report.mcpCases = options.cases;
  const tools = await listTools(world);
  const rng = Rng.derive(options.seed, `POST ${MCP_PATH}`);
  const kinds = rng.shuffle(MCP_KINDS);
  const prototype = prototypeState();
  for (let index = 0; index < options.cases; index += 1) {
    const fuzzCase = buildMcpCase(index, kinds[index % kinds.length]!, rng, { tools, ids: world.ids });
    await runMcpCase(world, report, fuzzCase, prototype);
  }
  await checkMcpCosts(world, report);
}

/** Every tool with its input schema, as an employer's key lists them. */
async function listTools(world: World): Promise<ListedTool[]> {
  const answer = await world.request('keyHolder', {
    method: 'POST',
    path: MCP_PATH,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })),
  });
  const tools = (answer.json as { result?: { tools?: ListedTool[] } } | undefined)?.result?.tools;
  if (!tools?.length)
    throw new Error(`fuzz setup: tools/list answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return tools;
}

async function runMcpCase(
  world: World,
  report: FuzzReport,
  fuzzCase: McpCase,
  prototype: ReturnType<typeof prototypeState>,
): Promise<void> {
  const started = Date.now();
  const logFrom = world.errorLog.length;
  const problems: string[] = [];
  let response: RawResponse | null = null;
  // A made-up key or a header that is no bearer token rides on an anonymous request.
  const sender =
    fuzzCase.caller === 'madeUpKey' || fuzzCase.caller === 'notBearer' ? 'anonymous' : fuzzCase.caller;
  try {
    response = await world.request(sender, fuzzCase.request);
  } catch (error) {
    problems.push(`no answer: ${(error as Error).message}`);
  }
  if (response) problems.push(...judgeMcp(fuzzCase, response, world.server.dataDir));
  const logged = world.errorLog.slice(logFrom);
  if (logged.length > 0) problems.push(`the server logged ${logged.length} error(s)`);
  const polluted = pollution(prototype);
  if (polluted.length > 0) problems.push(`polluted Object.prototype: ${polluted.join(', ')}`);
  report.recordMcp(fuzzCase, response, problems, logged, Date.now() - started);
}
