// The tail of the eval scripts' entry files: each had its own copy of these lines.

/**
 * Runs a script's `main` and exits with the code it returns; a thrown error is written as
 * "NAME failed: message" and exits with 1.
 */
export function runMain(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
