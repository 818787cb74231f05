import { runMain } from './run-main';

describe('runMain', () => {
  let exit: jest.SpyInstance;
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => jest.restoreAllMocks());
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('exits with the code main returns, writing nothing', async () => {
    runMain('eval:sets', async () => 2);
    await settled();
    expect(exit).toHaveBeenCalledWith(2);
    expect(stderr).not.toHaveBeenCalled();
  });

  it('writes "NAME failed: message" for a thrown error and exits with 1', async () => {
    runMain('Pooling', async () => {
      throw new Error('ENOENT: no such file');
    });
    runMain('claims', () => Promise.reject('plain text'));
    await settled();
    expect(stderr.mock.calls.map(([text]) => text)).toEqual([
      'Pooling failed: ENOENT: no such file\n',
      'claims failed: plain text\n',
    ]);
    expect(exit.mock.calls).toEqual([[1], [1]]);
  });
});
