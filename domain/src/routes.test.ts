import { isAccountPath, routePath } from './routes';

describe('account paths', () => {
  it.each(['/signin', '/dashboard', '/register-agent/', '/checkout/test/cs_test_123', '/reset-password'])(
    'treats %s as private to a person',
    (path) => {
      expect(isAccountPath(path)).toBe(true);
    },
  );

  it.each(['/', '/directory', '/agents/7', '/providers/acme', '/checkout/test/a/b', '/signin-other'])(
    'treats %s as public',
    (path) => {
      expect(isAccountPath(path)).toBe(false);
    },
  );

  it('fills a route pattern with encoded parameters', () => {
    expect(routePath('/providers/:slug', { slug: 'a b' })).toBe('/providers/a%20b');
  });
});
