// Business constants and limits of spec section 9, in one place for the client and the server.

export const PLAN_PRICES_USD = { agent_provider: 5, employer: 40 } as const;

export const PASSWORD_MIN_LENGTH = 8;
/** OWASP ASVS allows at least 64; we cap far above that only to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

export const MAX_LENGTHS = {
  email: 254,
  name: 100,
  provider: 100,
  category: 50,
  role: 100,
  description: 1000,
  cost: 50,
  address: 200,
} as const;

export const SANITISED_MAX_LENGTH = 1000;

export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const DOWNLOAD_FILE_NAME = 'ai_agents.xlsx';

export const SEARCH_BOX = { defaultHeightPx: 80, rows: 1, maxWidthPx: 584, focusDelayMs: 100 } as const;
export const ADMIN_REFRESH_DELAY_MS = 100;

/** Structured directory data (JSON-LD ItemList) covers this many agents. */
export const DIRECTORY_STRUCTURED_DATA_COUNT = 10;

export const INITIALS_MAX = 2;

export const LEGAL = {
  privacyReplyDays: 30,
  priceChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  minimumAge: 13,
} as const;
