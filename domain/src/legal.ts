// The figures the legal pages state (spec section 9): privacy replies, notice of price changes,
// the liability cap and the minimum age.

export const LEGAL = {
  privacyReplyDays: 30,
  priceChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  minimumAge: 13,
} as const;
