import { randomSeed } from './rng';
import { runFuzz } from './run';

// `npm run test:fuzz [-- --per-endpoint 100] [--mcp 300] [--seed 12345] [--only operationId]`
// Sends bad requests to every operation of docs/openapi.yaml, and JSON-RPC ones to POST /mcp, on
// the real app with a fresh store (MongoDB when MONGODB_URI is set, else the embedded one) and
// prints the requests per endpoint and every failure with its replay command. Exits 1 when
// anything failed.

export const USAGE = `Usage: npm run test:fuzz -- [--per-endpoint N] [--mcp N] [--seed S] [--only OPERATION]...

  --per-endpoint N   requests per operation (default 100)
  --mcp N            requests to POST /mcp (default 300; 0 leaves it out)
  --seed S           replays a run (printed with every report)
  --only OPERATION   only this operationId or "METHOD /path", or "mcp" (repeatable)
`;

export interface FuzzArgs {
  perEndpoint: number;
  mcpCases: number;
  seed: number;
  only: string[];
}

export function parseFuzzArgs(argv: readonly string[]): FuzzArgs | string {
  const args: FuzzArgs = { perEndpoint: 100, mcpCases: 300, seed: randomSeed(), only: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const [name, inline] = argv[index]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? argv[++index];
    if (name === '--per-endpoint' || name === '--seed' || name === '--mcp') {
      const number = Number(value);
      if (!Number.isInteger(number) || number < (name === '--per-endpoint' ? 1 : 0))
        return `${name} needs a whole number`;
      if (name === '--seed') args.seed = number;
      else if (name === '--mcp') args.mcpCases = number;
      else args.perEndpoint = number;
    } else if (name === '--only' && value) {
      args.only.push(value);
    } else {
      return `Unknown option ${argv[index]}`;
    }
  }
  return args;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const args = parseFuzzArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n\n${USAGE}`);
    return 2;
  }
  process.stdout.write(
    `Fuzzing with seed ${args.seed}, ${args.perEndpoint} requests per endpoint and ${args.mcpCases} to POST /mcp...\n`,
  );
  const started = Date.now();
  const report = await runFuzz({
    ...args,
    env: process.env,
    onOperationDone: (operation, current) => {
      const stats = current.stats.get(operation.id);
      const failed = stats?.failures ? `, ${stats.failures} FAILED` : '';
      process.stdout.write(
        `  ${operation.method} ${operation.path}: ${stats?.requests ?? 0} requests${failed}\n`,
      );
    },
  });
  process.stdout.write(`\n${report.format(Date.now() - started)}\n`);
  return report.failures.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`);
      process.exit(1);
    },
  );
}
