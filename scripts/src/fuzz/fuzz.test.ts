import { applicableKinds } from './cases';
import { MCP_KINDS } from './mcp-cases';
import { readOperations } from './openapi';
import type { FuzzReport } from './report';
import { runFuzz } from './run';

// The CI-sized fuzz run (npm run test:fuzz sends more): as many requests per operation of
// docs/openapi.yaml as an operation has kinds of bad input, so each kind is tried on each one.
// On the embedded store always, and on MongoDB too when MONGODB_URI names one.

const operations = readOperations();
const PER_ENDPOINT = Math.max(...operations.map((operation) => applicableKinds(operation).length));
const SEED = 20261123;
/** Requests to POST /mcp (about 5 s of the run): each kind of case 40 times. */
const MCP_CASES = 40 * MCP_KINDS.length;

const stores: Array<[string, NodeJS.ProcessEnv]> = [['the embedded store', {}]];
if (process.env.MONGODB_URI) stores.push(['MongoDB', { MONGODB_URI: process.env.MONGODB_URI }]);

describe.each(stores)('bad input on every endpoint of docs/openapi.yaml, on %s', (_store, env) => {
  let report: FuzzReport;

  beforeAll(async () => {
    report = await runFuzz({ perEndpoint: PER_ENDPOINT, mcpCases: MCP_CASES, seed: SEED, env });
    // About 2,400 requests one after another: 300 s was passed at load 19-25 (CI's lane runs beside
    // the browser tests). The limit only ends a hang; nothing here is timed.
  }, 900_000);

  it('When every kind of bad input is sent, then every answer passes every check', () => {
    // The report names each failure with its request and how to replay it.
    if (report.failures.length > 0) throw new Error(report.format(0));
    expect(report.store).toMatch(env.MONGODB_URI ? /^mongodb/ : /^sqlite$/);
  });

  it('sends requests to every operation of the description, of every kind that applies to it', () => {
    const fuzzed = [...report.stats.values()];
    expect(fuzzed.map((stats) => stats.route).sort()).toEqual(
      operations.map((operation) => `${operation.method} ${operation.path}`).sort(),
    );
    for (const operation of operations) {
      const stats = report.stats.get(operation.id)!;
      expect([operation.id, stats.requests]).toEqual([operation.id, PER_ENDPOINT]);
      expect([operation.id, Object.keys(stats.kinds).sort()]).toEqual([
        operation.id,
        applicableKinds(operation).sort(),
      ]);
    }
  });

  it('checks that a throttled read and write answer JSON too', () => {
    expect(report.rateLimitChecked).toBe(true);
  });

  it('checks every list a body carries for its bound, and every batch for its cost per item', () => {
    expect(report.costsChecked).toEqual(
      expect.arrayContaining(['instantSearchMultiSearch', 'employerMultiSearch']),
    );
  });

  it('fuzzes POST /mcp: every kind of case, with a key, a lapsed, revoked or made-up one and none, and what a batch costs', () => {
    expect(report.mcp?.requests).toBe(MCP_CASES);
    expect(Object.keys(report.mcp!.kinds).sort()).toEqual([...MCP_KINDS].sort());
    expect(Object.keys(report.mcp!.callers).sort()).toEqual(
      ['anonymous', 'keyHolder', 'lapsedKey', 'madeUpKey', 'notBearer', 'revokedKey'].sort(),
    );
    expect(report.mcpCostsChecked).toBe(true);
  });
});
