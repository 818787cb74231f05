import { UPLOAD_MAX_BYTES } from '@agentry/domain/spreadsheet-files';
import { workbookOf, zipOf } from '@agentry/platform/spreadsheet/test-zips';
import type { Mutation } from './body-mutations';
import { type Draft, MULTIPART, multipartBody, validWorkbook } from './draft';
import { markupPayloads, TRAVERSAL_IDS, UNICODE_STRINGS } from './payloads';

// Bad uploads: files that are not workbooks or lie about it, odd file names and form fields,
// broken multipart framing, and files past the size limit.

const HEADER = ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'];

/** Files that must be refused, by name, made once by prepareUploads(): building some takes a moment. */
const BAD_FILES: Record<string, () => Buffer | Promise<Buffer>> = {
  'HTML named .xlsx': () => Buffer.from('<html><script>alert(1)</script></html>'),
  'a zip that is not a workbook': () => zipOf([['notes.txt', Buffer.from('hello')]]),
  'a zip bomb (20 MB of zeros)': () => zipOf([['xl/worksheets/sheet1.xml', Buffer.alloc(20 * 1024 * 1024)]]),
  'a zip of 2000 entries': () =>
    zipOf(
      Array.from({ length: 2000 }, (_, index) => [`x/${index}.xml`, Buffer.from('<a/>')] as [string, Buffer]),
      { compress: false },
    ),
  'a truncated workbook': () => validWorkbook().subarray(0, 300),
  'random bytes': () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
  'an empty file': () => Buffer.alloc(0),
  'a workbook without the columns': () =>
    workbookOf([
      ['Foo', 'Bar'],
      ['1', '2'],
    ]),
  'a workbook with __proto__ columns': () =>
    workbookOf([
      ['__proto__', 'constructor', ...HEADER],
      [
        '{"fuzzPolluted":1}',
        'x',
        'ProtoPika',
        'Fuzz Labs',
        'Finance',
        'Bookkeeper',
        'Sorts.',
        'Free',
        'a.example',
      ],
    ]),
  'a CSV named .xls': () =>
    Buffer.from(`${HEADER.join(',')}\nCsvCat,Fuzz Labs,Finance,Bookkeeper,Sorts.,Free,a.example\n`),
};

const badFiles = new Map<string, Buffer>();

/** Builds the bad files, once per process, before the first upload is fuzzed. */
export async function prepareUploads(): Promise<void> {
  for (const [name, make] of Object.entries(BAD_FILES)) {
    if (!badFiles.has(name)) badFiles.set(name, await make());
  }
}

const file = (draft: Draft) => draft.parts?.find((part) => part.field === 'file');

function cellsWorkbook(cell: string): Buffer {
  return workbookOf([HEADER, [cell, 'Fuzz Labs', 'Finance', 'Bookkeeper', cell, 'Free', 'cells.example']]);
}

const withParts =
  (mutation: Mutation): Mutation =>
  (draft, context) =>
    draft.parts === undefined ? null : mutation(draft, context);

export const uploadMutations: Record<string, Mutation> = {
  'wrong-type': withParts((draft, { rng }) => {
    const choice = rng.int(3);
    const part = file(draft)!;
    if (choice === 0) {
      part.filename = undefined;
      return 'the file sent as a plain field';
    }
    if (choice === 1) {
      part.field = rng.pick(['files', 'upload', 'file[]', 'FILE']);
      return `the file in field "${part.field}"`;
    }
    draft.parts!.push({ ...part, filename: 'second.xlsx' });
    return 'two files';
  }),

  missing: withParts((draft, { rng }) => {
    if (rng.chance(0.5)) {
      draft.parts = [];
      return 'no parts';
    }
    file(draft)!.data = Buffer.alloc(0);
    return 'an empty file';
  }),

  huge: withParts((draft, { rng }) => {
    if (rng.chance(0.5)) {
      file(draft)!.filename = `${'a'.repeat(5000)}.xlsx`;
      return 'a file name of 5000 characters';
    }
    for (let index = 0; index < 40; index += 1)
      draft.parts!.push({ field: `f${index}`, data: Buffer.from('x') });
    return '40 extra form fields';
  }),

  markup: withParts((draft, { rng, token }) => {
    const payload = rng.pick(markupPayloads(token));
    if (rng.chance(0.5)) {
      file(draft)!.filename = `${payload.replace(/"/g, '')}.xlsx`;
      return `file name ${payload}`;
    }
    file(draft)!.data = cellsWorkbook(payload);
    return `a workbook whose cells hold ${payload}`;
  }),

  nosql: withParts((draft) => {
    file(draft)!.data = cellsWorkbook('{"$gt": ""}');
    draft.parts!.push({ field: 'file[$ne]', data: Buffer.from('x') });
    return 'cells {"$gt": ""} and a field file[$ne]';
  }),

  unicode: withParts((draft, { rng }) => {
    const text = rng.pick(UNICODE_STRINGS);
    if (rng.chance(0.5)) {
      file(draft)!.filename = `agents${text.replace(/["\r\n]/g, '')}.xlsx`;
      return `file name with ${JSON.stringify(text)}`;
    }
    file(draft)!.data = cellsWorkbook(`Uni${text}`);
    return `a workbook whose cells hold ${JSON.stringify(text)}`;
  }),

  traversal: withParts((draft, { rng }) => {
    const name = `${rng.pick(TRAVERSAL_IDS)}/agents.xlsx`;
    file(draft)!.filename = name;
    return `file name ${name}`;
  }),

  'malformed-json': withParts((draft, { rng }) => {
    const body = multipartBody(draft.parts!);
    const choice = rng.int(3);
    draft.rawBody =
      choice === 0
        ? body.subarray(0, Math.floor(body.length / 2))
        : choice === 1
          ? Buffer.from(body.toString('latin1').replace(/----agentryfuzz/g, '----other'), 'latin1')
          : Buffer.from('--x\r\nContent-Disposition: form-data\r\n\r\n');
    return ['multipart cut in half', 'parts under another boundary', 'a part with no name'][choice]!;
  }),

  'content-type': withParts((draft, { rng }) => {
    const choice = rng.int(4);
    if (choice === 0) draft.contentType = MULTIPART;
    else if (choice === 1) draft.contentType = 'application/json';
    else if (choice === 2) file(draft)!.type = 'text/html';
    else
      file(draft)!.filename = rng.pick(['agents.exe', 'agents.xlsx.exe', 'agents', '.xlsx', 'agents.XLSX ']);
    return [
      'multipart without a boundary',
      'multipart sent as JSON',
      'the file typed text/html',
      'a name not .xlsx',
    ][choice]!;
  }),

  oversize: withParts((draft) => {
    file(draft)!.data = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41);
    return `a file of ${UPLOAD_MAX_BYTES + 1} bytes`;
  }),
};

/** A file that is not a good workbook, under a good name (the kinds above change the framing). */
export const badFileMutation: Mutation = withParts((draft, { rng }) => {
  const name = rng.pick(Object.keys(BAD_FILES));
  const data = badFiles.get(name);
  if (!data) throw new Error('prepareUploads() must run before the uploads are fuzzed');
  Object.assign(file(draft)!, {
    data,
    filename: name.includes('.xls') && !name.includes('.xlsx') ? 'agents.xls' : 'agents.xlsx',
  });
  return `file: ${name}`;
});
