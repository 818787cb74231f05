import fs from 'node:fs';
import { ImportFileError } from '@agentry/platform/import/import-file-error';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** The file's bytes, or an ImportFileError that says why they cannot be read in plain words. */
export function readImportFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ImportFileError(`Cannot read ${file}: ${REASONS[code] ?? (error as Error).message}`);
  }
}
