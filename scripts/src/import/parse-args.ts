export const USAGE = `Usage: npm run import -- FILE [--report REPORT.json]

Adds the agents in FILE (.json, .csv, .xlsx or .xls) to the store that DATA_DIR or MONGODB_URI
selects. Rows that are invalid or already listed are skipped and listed with their row number
(the header is row 1 in a sheet or CSV; the first object is row 1 in JSON).

  --report FILE   also write the full result, every skipped row included, as JSON
  --help          show this text
`;

export type ImportArgs =
  | { kind: 'run'; file: string; report?: string }
  | { kind: 'help' }
  | { kind: 'invalid'; message: string };

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const files: string[] = [];
  let report: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
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
  return report === undefined ? { kind: 'run', file: files[0]! } : { kind: 'run', file: files[0]!, report };
}
