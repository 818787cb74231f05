import { Presets, SingleBar } from 'cli-progress';

export interface ProgressBar {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * A progress bar on the terminal, or undefined when the stream is not one: redirected output
 * (CI logs, `2> file`) would otherwise fill with redraw sequences.
 */
export function createProgressBar(
  stream: NodeJS.WriteStream,
  label = 'Importing',
  unit = 'rows',
): ProgressBar | undefined {
  if (!stream.isTTY) return undefined;
  const bar = new SingleBar(
    {
      stream,
      format: `${label} {bar} {percentage}% | {value}/{total} ${unit} | {eta_formatted} left`,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (started) {
        bar.update(done);
      } else {
        bar.start(total, done);
        started = true;
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
