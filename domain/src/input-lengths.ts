// How long what people type may be (spec section 9), in one place for the forms and the server.

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
