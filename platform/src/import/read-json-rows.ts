import { ImportFileError } from './import-file-error';
import type { SourceRows } from './source-rows';

export function readJsonRows(bytes: Uint8Array, fileName: string): SourceRows {
  // TextDecoder drops a leading BOM, which JSON.parse would reject.
  const text = new TextDecoder('utf-8').decode(bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) {
    throw new ImportFileError(`${fileName} must contain a JSON array of agent objects`);
  }
  const badIndex = parsed.findIndex(
    (item) => typeof item !== 'object' || item === null || Array.isArray(item),
  );
  if (badIndex !== -1) {
    throw new ImportFileError(
      `${fileName} must contain only agent objects, but item ${badIndex + 1} is not an object`,
    );
  }
  return { rows: parsed as Record<string, unknown>[], rowNumbers: parsed.map((_, index) => index + 1) };
}
