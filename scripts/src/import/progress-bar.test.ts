import { PassThrough } from 'node:stream';
import { createProgressBar } from './progress-bar';

function terminal(isTTY: boolean): NodeJS.WriteStream & { output: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { output: () => string };
  const chunks: string[] = [];
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  Object.assign(stream, {
    isTTY,
    columns: 100,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  stream.output = () => chunks.join('');
  return stream;
}

describe('createProgressBar', () => {
  it('When the stream is not a terminal, then there is no bar', () => {
    expect(createProgressBar(terminal(false))).toBeUndefined();
  });

  it('When the stream is a terminal, then the bar shows the rows done out of the total', async () => {
    const stream = terminal(true);
    const bar = createProgressBar(stream)!;

    bar.update(500, 1000);
    bar.update(1000, 1000);
    bar.stop();
    await new Promise((resolve) => setImmediate(resolve));

    expect(stream.output()).toContain('1000/1000 rows');
  });
});
