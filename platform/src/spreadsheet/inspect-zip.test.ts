import { inspectZip, isZipArchive, MAX_ZIP_ENTRIES } from './inspect-zip';
import { DAMAGED, SpreadsheetRejected, TOO_LARGE_UNPACKED } from './spreadsheet-rejected';
import { endRecordOffset, firstCentralEntryOffset, workbookOf, zipOf } from './test-zips';
import { ZIP64_REFUSED } from './zip-directory';

const HEADER = ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'];
const MB = 1024 * 1024;

function rejectionOf(bytes: Uint8Array): SpreadsheetRejected {
  try {
    inspectZip(bytes);
  } catch (error) {
    if (error instanceof SpreadsheetRejected) return error;
    throw error;
  }
  throw new Error('the zip was accepted');
}

/**
 * A zip of stored entries, written byte by byte, whose central directory claims the given sizes:
 * no tool would write it, an attacker would.
 */
function zipDeclaring(...declaredSizes: number[]): Buffer {
  const data = Buffer.from('<worksheet/>');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  declaredSizes.forEach((declaredSize, index) => {
    const name = Buffer.from(`xl/worksheets/sheet${index + 1}.xml`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(declaredSizes.length, 8);
  end.writeUInt16LE(declaredSizes.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('inspectZip', () => {
  it('When the file is a workbook saved by SheetJS, then it passes', () => {
    const workbook = workbookOf([
      HEADER,
      ['Scout', 'Acme', 'Sales', 'SDR', 'Finds leads', 'Free', 'scout.example'],
    ]);

    expect(isZipArchive(workbook)).toBe(true);
    expect(() => inspectZip(workbook)).not.toThrow();
  });

  it('When the zip holds 2,000 tiny entries, then it is refused for too many parts', async () => {
    const zip = await zipOf(
      Array.from({ length: 2_000 }, (_, index) => [`part${index}.xml`, Buffer.from('<a/>')]),
      { compress: false },
    );

    expect(rejectionOf(zip).message).toBe(
      `The spreadsheet holds too many parts (2,000; at most ${MAX_ZIP_ENTRIES.toLocaleString('en-US')})`,
    );
  });

  it('When 5 MB of zeros compress a thousandfold, then the entry is refused as too large unpacked', async () => {
    const zip = await zipOf([['xl/worksheets/sheet1.xml', Buffer.alloc(5 * MB)]]);

    expect(rejectionOf(zip).message).toBe(TOO_LARGE_UNPACKED);
  });

  it('When the directory claims 300 MB for a few bytes, then it is refused', () => {
    expect(rejectionOf(zipDeclaring(300 * MB)).message).toBe(TOO_LARGE_UNPACKED);
  });

  it('When entries claim 80 MB each, then their 240 MB total is refused though one alone would pass', () => {
    const zip = zipDeclaring(80 * MB, 80 * MB, 80 * MB);

    // The ratio limit is lifted so that only the total can refuse it.
    expect(() => inspectZip(zip, { maxCompressionRatio: Number.POSITIVE_INFINITY })).toThrow(
      TOO_LARGE_UNPACKED,
    );
    expect(() =>
      inspectZip(zipDeclaring(80 * MB), { maxCompressionRatio: Number.POSITIVE_INFINITY }),
    ).toThrow(DAMAGED);
  });

  it('When an entry unpacks to more than its directory entry claims, then it is refused', async () => {
    const zip = await zipOf([['xl/worksheets/sheet1.xml', Buffer.alloc(5 * MB)]]);
    zip.writeUInt32LE(1_000, 22); // the local header of the first entry, at the start of the zip
    zip.writeUInt32LE(1_000, firstCentralEntryOffset(zip) + 24);

    expect(rejectionOf(zip).message).toBe(TOO_LARGE_UNPACKED);
  });

  it('When an entry unpacks to less than its directory entry claims, then it is refused as damaged', () => {
    expect(rejectionOf(zipDeclaring(100)).message).toBe(DAMAGED);
  });

  it('When the hand-written zip tells the truth, then it passes', () => {
    expect(() => inspectZip(zipDeclaring('<worksheet/>'.length, '<worksheet/>'.length))).not.toThrow();
  });

  it('When a local header claims another size than the directory, then it is refused as damaged', () => {
    const zip = zipDeclaring('<worksheet/>'.length);
    zip.writeUInt32LE(0xfffffff0, 22);

    expect(rejectionOf(zip).message).toBe(DAMAGED);
  });

  it('When the file is cut short, then it is refused as damaged', () => {
    const workbook = workbookOf([HEADER]);

    expect(rejectionOf(workbook.subarray(0, Math.floor(workbook.length / 2))).message).toBe(DAMAGED);
    expect(rejectionOf(workbook.subarray(0, workbook.length - 10)).message).toBe(DAMAGED);
    expect(rejectionOf(Buffer.from('PK\x03\x04 and nothing else', 'latin1')).message).toBe(DAMAGED);
  });

  it('When the central directory points past its end record, then it is refused as damaged', () => {
    const workbook = workbookOf([HEADER]);
    workbook.writeUInt32LE(workbook.length, endRecordOffset(workbook) + 16);

    expect(rejectionOf(workbook).message).toBe(DAMAGED);
  });

  it('When the end record carries ZIP64 markers, then it is refused', () => {
    const workbook = workbookOf([HEADER]);
    const end = endRecordOffset(workbook);
    workbook.writeUInt16LE(0xffff, end + 8);
    workbook.writeUInt16LE(0xffff, end + 10);

    expect(rejectionOf(workbook).message).toBe(ZIP64_REFUSED);
  });

  it('When the limits are lowered, then they apply instead of the defaults', () => {
    const workbook = workbookOf([HEADER]);

    expect(() => inspectZip(workbook, { maxEntries: 2 })).toThrow(SpreadsheetRejected);
    expect(() => inspectZip(workbook, { maxUncompressedBytes: 100 })).toThrow(TOO_LARGE_UNPACKED);
  });

  it('When the bytes are an .xls, then they are not a zip', () => {
    expect(isZipArchive(workbookOf([HEADER], 'biff8'))).toBe(false);
  });
});
