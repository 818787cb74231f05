import { slugCandidate, slugify } from './provider-slug';

describe('provider page slugs', () => {
  it('turns an organization name into lower-case words joined by hyphens', () => {
    expect(slugify('Northwind Labs, Inc.')).toBe('northwind-labs-inc');
    expect(slugify('Café Müller & Söhne')).toBe('cafe-muller-and-sohne');
  });

  it('never answers an empty slug', () => {
    expect(slugify('你好 !!!')).toBe('provider');
  });

  it('keeps slugs short and without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('tries numbered slugs, then random ones, when a slug is taken', () => {
    expect(slugCandidate('acme', 0)).toBe('acme');
    expect(slugCandidate('acme', 1)).toBe('acme-2');
    expect(slugCandidate('acme', 9)).toMatch(/^acme-[0-9a-f]{6}$/);
  });
});
