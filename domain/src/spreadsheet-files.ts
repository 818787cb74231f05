// The catalog's spreadsheet files (spec section 9): what the admin upload takes and what the
// download is called.

export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const DOWNLOAD_FILE_NAME = 'ai_agents.xlsx';

/**
 * The largest spreadsheet the admin upload takes. 10,000 agents as .xlsx weigh about 1.5 MB; the
 * room above that is for .xls (uncompressed) and wide descriptions.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is too large: upload at most 10 MB at a time';
