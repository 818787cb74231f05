import { ALLOW_ALL, isAllowed, parseRobots } from './robots';

const TOKEN = 'AgentryLinkChecker';

describe('robots.txt rules', () => {
  it('reads the group that names our product token over the "*" group', () => {
    const rules = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: agentrylinkchecker\nDisallow: /private\n',
      TOKEN,
    );
    expect(isAllowed(rules, '/')).toBe(true);
    expect(isAllowed(rules, '/private/page')).toBe(false);
  });

  it('falls back on the "*" group, and allows everything when no group applies', () => {
    expect(isAllowed(parseRobots('User-agent: *\nDisallow: /', TOKEN), '/')).toBe(false);
    expect(parseRobots('User-agent: googlebot\nDisallow: /', TOKEN)).toEqual(ALLOW_ALL);
    expect(parseRobots('', TOKEN)).toEqual(ALLOW_ALL);
  });

  it('gives the longest matching rule the last word, and Allow a tie', () => {
    const rules = parseRobots(
      'User-agent: *\nDisallow: /app\nAllow: /app/public\nAllow: /x\nDisallow: /x',
      TOKEN,
    );
    expect(isAllowed(rules, '/app/settings')).toBe(false);
    expect(isAllowed(rules, '/app/public/page')).toBe(true);
    expect(isAllowed(rules, '/x')).toBe(true);
  });

  it('matches * wildcards and a final $ anchor', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=', TOKEN);
    expect(isAllowed(rules, '/docs/file.pdf')).toBe(false);
    expect(isAllowed(rules, '/docs/file.pdf?x=1')).toBe(true);
    expect(isAllowed(rules, '/search?q=agents')).toBe(false);
  });

  it('takes consecutive user-agent lines as one group, and ignores comments and an empty Disallow', () => {
    const rules = parseRobots(
      '# comment\nUser-agent: other\nUser-agent: AgentryLinkChecker # us\nDisallow:\n\nUser-agent: *\nDisallow: /',
      TOKEN,
    );
    expect(isAllowed(rules, '/anything')).toBe(true);
  });
});
