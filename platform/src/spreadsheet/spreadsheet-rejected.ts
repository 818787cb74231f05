/**
 * An uploaded spreadsheet refused because of the file itself (wrong kind, too large, damaged): the
 * uploader's to fix, so the message is written for them and can be shown as is. Any other error
 * while reading an upload is ours.
 */
export class SpreadsheetRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpreadsheetRejected';
  }
}

export const NOT_A_WORKBOOK = 'This file is not an Excel workbook (was another kind of file renamed?)';
export const TOO_LARGE_UNPACKED = 'The spreadsheet is too large when unpacked';
export const DAMAGED = 'The spreadsheet is damaged: open it in Excel and save it again as .xlsx';
export const UNREADABLE = 'The spreadsheet could not be read: it is too large or damaged';
