export const USAGE = `Usage: npm run import -- FILE [--report REPORT.json] [--keep-demo]

Adds the agents in FILE (.json, .csv, .xlsx or .xls) to the store that DATA_DIR or MONGODB_URI
selects. Rows that are invalid or already listed are skipped and listed with their row number
(the header is row 1 in a sheet or CSV; the first object is row 1 in JSON). Once it adds an agent,
the demo catalog a first start seeded is taken off the directory (marked removed; staff can list
an agent again), unless the file names those agents or --keep-demo is given.

  --report FILE   also write the full result, every skipped row included, as JSON
  --keep-demo     leave the demo catalog listed beside the imported agents
  --help          show this text
`;

export type ImportArgs =
  | { kind: 'run'; file: string; report?: string; keepDemo: boolean }
  | { kind: 'help' }
  | { kind: 'invalid'; message: string };

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const files: string[] = [];
  let report: string | undefined;
  let keepDemo = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--keep-demo') {
      keepDemo = true;
      continue;
    }
    if (arg === '--report') {
      const value = argv[++index];
      if (value === undefined || value === '')
        return { kind: 'invalid', message: '--report needs a file name' };
      report = value;
    } else if (arg.startsWith('--report=')) {
      report = arg.slice('--report='.length);
      if (report === '') return { kind: 'invalid', message: '--report needs a file name' };
    } else if (arg.startsWith('-') && arg !== '-') {
      return { kind: 'invalid', message: `Unknown option ${arg}` };
    } else {
      files.push(arg);
    }
  }
  if (files.length === 0) return { kind: 'invalid', message: 'Missing the file to import' };
  if (files.length > 1) return { kind: 'invalid', message: 'Import one file at a time' };
  const run = { kind: 'run' as const, file: files[0]!, keepDemo };
  return report === undefined ? run : { ...run, report };
}
