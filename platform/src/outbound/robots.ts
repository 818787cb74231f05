// robots.txt as RFC 9309 reads it, for the one path we ask for: the group of the most specific
// user-agent line that names our product token (else the "*" group), and within it the longest
// matching Allow or Disallow rule, Allow winning a tie; "*" matches any run of characters and a
// final "$" anchors the end. What the link checker asks for is one page per listing a day, but a
// site that asks robots to stay away is not visited.

export interface RobotsRules {
  allow: string[];
  disallow: string[];
}

/** Everything allowed: no robots.txt (4xx), or one with no group for us. */
export const ALLOW_ALL: RobotsRules = { allow: [], disallow: [] };
/** Nothing allowed. */
export const DISALLOW_ALL: RobotsRules = { allow: [], disallow: ['/'] };

/** robots.txt files past this many bytes are read only that far (RFC 9309: at least 500 KiB). */
export const ROBOTS_MAX_BYTES = 512 * 1024;

interface Group {
  agents: string[];
  rules: RobotsRules;
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines open one group together.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: { allow: [], disallow: [] } };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    // An empty Disallow allows everything: it adds no rule.
    if (key === 'allow' && value) current.rules.allow.push(value);
    else if (key === 'disallow' && value) current.rules.disallow.push(value);
  }
  return groups;
}

/** The rules for our product token (e.g. "agentrylinkchecker"), merged over every group naming it, else "*". */
export function parseRobots(text: string, productToken: string): RobotsRules {
  const token = productToken.toLowerCase();
  const groups = parseGroups(text);
  const pick = (match: (agent: string) => boolean) => {
    const chosen = groups.filter((group) => group.agents.some(match));
    if (chosen.length === 0) return null;
    return {
      allow: chosen.flatMap((group) => group.rules.allow),
      disallow: chosen.flatMap((group) => group.rules.disallow),
    };
  };
  return pick((agent) => agent === token) ?? pick((agent) => agent === '*') ?? ALLOW_ALL;
}

/** How long a rule's match is, or -1 when it does not match the path. */
function matchLength(rule: string, path: string): number {
  const anchored = rule.endsWith('$');
  const body = anchored ? rule.slice(0, -1) : rule;
  const pattern = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}${anchored ? '$' : ''}`).test(path) ? rule.length : -1;
}

/** May a robot following these rules fetch this path (with its query)? */
export function isAllowed(rules: RobotsRules, path: string): boolean {
  const decoded = safeDecode(path || '/');
  const longest = (list: string[]) =>
    Math.max(-1, ...list.map((rule) => matchLength(safeDecode(rule), decoded)));
  const allow = longest(rules.allow);
  const disallow = longest(rules.disallow);
  return disallow === -1 || allow >= disallow;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
