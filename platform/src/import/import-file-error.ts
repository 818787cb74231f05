/**
 * A file that cannot be imported as a whole (wrong type, unreadable, no rows, missing columns).
 * Its message is written for the person who supplied the file, so callers can show it as is.
 */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
