// Employer API keys, written once for the server (routes, store limits) and the client (the
// dashboard's form): a key lets an employer's own programs and assistants use the employer tools
// (docs/employer-tools.md, "API keys").

/** Every key starts with this, so a key pasted somewhere is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = 'agk_';
/** A key's name (what the employer calls it: "Claude Desktop", "CI") at most. */
export const API_KEY_NAME_MAX = 60;
/** Keys one employer may hold at once. */
export const API_KEYS_PER_EMPLOYER_MAX = 10;
/** How many characters of a key are kept and shown to tell keys apart (prefix included). */
export const API_KEY_SHOWN_CHARS = 12;
