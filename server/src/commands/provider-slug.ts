import { randomBytes } from 'node:crypto';

// The address of a provider's page (/providers/:slug), made from the organization's name:
// lower-case ASCII words joined by hyphens, bounded, never empty.

const MAX_SLUG_LENGTH = 60;

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'provider';
}

/** The slug to try on attempt n (0-based): the bare slug, then -2, -3…, then a random suffix. */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  if (attempt < 5) return `${base}-${attempt + 1}`;
  return `${base}-${randomBytes(3).toString('hex')}`;
}
