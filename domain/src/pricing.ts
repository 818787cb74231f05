import type { Pricing } from './agent';
import { NOT_STATED } from './stated';

// The free-text cost of an agent ("$29/month", "Freemium", "Contact sales") read into a pricing
// class and, where the text states a recurring price, a monthly USD figure. Search facets and
// sorting use these; the original text stays what people see.

export interface NormalizedPricing {
  pricing: Pricing;
  price_monthly: number | null;
}

const CONTACT =
  /\b(?:contact|custom|enterprise|quote|talk to|get in touch|on request|request pricing|demo)\b/i;
const FREEMIUM =
  /\bfreemium\b|\bfree (?:plan|tier|version|basic|starter|forever plan)\b|\bfree (?:and|\+|&|\/) ?paid\b|\bfree to start\b|\bpaid plans? (?:from|start)/i;
const FREE = /^(?:free(?:ware)?|100% free|open[- ]source)\b|^\$?\s*0(?:\.0+)?\s*$/i;
const PAID_WORDS =
  /\b(?:paid|subscription|pay as you go|usage[- ]based|per (?:seat|user|request|minute|call|token|month|year|hour)|one[- ]time|trial|licen[cs]e)\b|%/i;

const AMOUNT = /(?:\$|usd\s*|us\$)\s*(\d+(?:[.,]\d+)?)|(\d+(?:\.\d+)?)\s*(?:usd|dollars?)\b/i;
const PERIOD =
  /(?:\/|\bper\s+|\ba\s+|\beach\s+)\s*(?:user\s*\/\s*|seat\s*\/\s*|user\s+|seat\s+)?(mo(?:nth)?|yr|year|annum|wk|week|day)\b|\b(monthly|annually|yearly|weekly)\b/i;

const MONTHS_PER: Record<string, number> = {
  mo: 1,
  month: 1,
  monthly: 1,
  yr: 12,
  year: 12,
  annum: 12,
  annually: 12,
  yearly: 12,
  wk: 12 / 52,
  week: 12 / 52,
  weekly: 12 / 52,
  day: 12 / 365,
};

/** Reads the recurring monthly price in USD from a cost text, or null when it states none. */
export function monthlyPrice(cost: string): number | null {
  const amountMatch = AMOUNT.exec(cost);
  if (!amountMatch) return null;
  const amount = Number((amountMatch[1] ?? amountMatch[2] ?? '').replace(',', '.'));
  const periodMatch = PERIOD.exec(cost.slice(amountMatch.index));
  if (!periodMatch || !Number.isFinite(amount)) return null;
  const period = (periodMatch[1] ?? periodMatch[2] ?? '').toLowerCase();
  const monthsPer = MONTHS_PER[period];
  if (monthsPer === undefined) return null;
  return Math.round((amount / monthsPer) * 100) / 100;
}

function statesNonZeroAmount(text: string): boolean {
  const match = AMOUNT.exec(text);
  return match !== null && Number((match[1] ?? match[2] ?? '0').replace(',', '.')) > 0;
}

export function normalizePricing(cost: string | null | undefined): NormalizedPricing {
  const text = (cost ?? '').trim();
  if (text === '' || NOT_STATED.test(text)) return { pricing: 'unknown', price_monthly: null };
  const price = monthlyPrice(text);
  if (FREEMIUM.test(text)) return { pricing: 'freemium', price_monthly: price };
  if (FREE.test(text) && !statesNonZeroAmount(text)) return { pricing: 'free', price_monthly: 0 };
  if (AMOUNT.test(text) || PAID_WORDS.test(text)) return { pricing: 'paid', price_monthly: price };
  if (CONTACT.test(text)) return { pricing: 'contact', price_monthly: null };
  return { pricing: 'unknown', price_monthly: null };
}

export const PRICING_LABELS: Record<Pricing, string> = {
  free: 'Free',
  freemium: 'Freemium',
  paid: 'Paid',
  contact: 'Contact sales',
  unknown: 'Unknown',
};

/**
 * The USD price for structured data (schema.org Offer): 0 for free agents, the amount when the cost
 * is a plain dollar figure ("$29", "29.99", "$29/month"), otherwise none.
 */
export function offerPriceUsd(cost: string | null | undefined): string | null {
  const text = (cost ?? '').trim();
  if (normalizePricing(text).pricing === 'free') return '0';
  const plain = /^\$?\s*(\d+(?:\.\d{1,2})?)\s*(?:usd)?(?:\s*(?:\/|per)\s*\w+)?$/i.exec(text);
  return plain ? plain[1]! : null;
}
