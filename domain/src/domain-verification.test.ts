import {
  coveringDomain,
  domainCovers,
  normalizeDomain,
  proofInstructions,
  siteDomainOf,
} from './domain-verification';

describe('domains a provider proves', () => {
  it('reads the domain of a website address: lower case, no www., the port kept when not the default', () => {
    expect(siteDomainOf('https://www.Acme.com/agents/helper?x=1')).toBe('acme.com');
    expect(siteDomainOf('app.acme.com')).toBe('app.acme.com');
    expect(siteDomainOf('http://acme.test:4567/')).toBe('acme.test:4567');
    expect(siteDomainOf('https://acme.com:443/')).toBe('acme.com');
    expect(siteDomainOf('not a url')).toBeNull();
  });

  it('takes a typed domain with or without a scheme, and refuses a path, a query or a bare name', () => {
    expect(normalizeDomain(' https://www.Example.com/ ')).toBe('example.com');
    expect(normalizeDomain('example.com')).toBe('example.com');
    expect(normalizeDomain('example.com/page')).toBeNull();
    expect(normalizeDomain('example.com?x=1')).toBeNull();
    expect(normalizeDomain('localhost')).toBeNull();
    expect(normalizeDomain('user:pw@example.com')).toBeNull();
    expect(normalizeDomain('')).toBeNull();
  });

  it('covers the domain and its subdomains, never a look-alike', () => {
    expect(domainCovers('acme.com', 'acme.com')).toBe(true);
    expect(domainCovers('acme.com', 'www.acme.com')).toBe(true);
    expect(domainCovers('acme.com', 'app.eu.acme.com')).toBe(true);
    expect(domainCovers('acme.com', 'notacme.com')).toBe(false);
    expect(domainCovers('acme.com', 'acme.com.evil.example')).toBe(false);
    expect(domainCovers('app.acme.com', 'acme.com')).toBe(false);
    expect(domainCovers('acme.test:4567', 'acme.test:4568')).toBe(false);
  });

  it("finds the most specific of a provider's verified domains that covers an agent's site", () => {
    expect(coveringDomain(['acme.com', 'eu.acme.com'], 'https://app.eu.acme.com/x')).toBe('eu.acme.com');
    expect(coveringDomain(['acme.com'], 'https://other.example/')).toBeNull();
  });

  it('says where each proof goes, carrying the token', () => {
    const where = proofInstructions('acme.test:4567', 'tok123');
    expect(where.dns).toEqual({ name: 'acme.test', type: 'TXT', value: 'agentry-verification=tok123' });
    expect(where.file).toEqual({
      url: 'http://acme.test:4567/.well-known/agentry-verification.txt',
      content: 'tok123',
    });
    expect(where.meta.tag).toBe('<meta name="agentry-verification" content="tok123">');
  });
});
