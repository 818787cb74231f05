import { parseImportArgs } from './parse-args';

describe('parseImportArgs', () => {
  it('When only a file is given, then it is imported without a report', () => {
    expect(parseImportArgs(['agents.xlsx'])).toEqual({ kind: 'run', file: 'agents.xlsx', keepDemo: false });
  });

  it.each([
    [['agents.csv', '--report', 'out.json']],
    [['--report', 'out.json', 'agents.csv']],
    [['agents.csv', '--report=out.json']],
  ])('When --report is given as %j, then the report file is kept', (argv) => {
    expect(parseImportArgs(argv)).toEqual({
      kind: 'run',
      file: 'agents.csv',
      report: 'out.json',
      keepDemo: false,
    });
  });

  it('When --keep-demo is given, then the demo catalog is kept listed', () => {
    expect(parseImportArgs(['--keep-demo', 'agents.csv'])).toEqual({
      kind: 'run',
      file: 'agents.csv',
      keepDemo: true,
    });
  });

  it.each([
    [[], 'Missing the file to import'],
    [['agents.csv', '--report'], '--report needs a file name'],
    [['agents.csv', '--report='], '--report needs a file name'],
    [['a.csv', 'b.csv'], 'Import one file at a time'],
    [['agents.csv', '--dry-run'], 'Unknown option --dry-run'],
  ])('When the arguments are %j, then they are refused with "%s"', (argv, message) => {
    expect(parseImportArgs(argv)).toEqual({ kind: 'invalid', message });
  });

  it('When --help is given, then help is asked for whatever else is there', () => {
    expect(parseImportArgs(['agents.csv', '--help'])).toEqual({ kind: 'help' });
  });
});
