// A provider's key (issue 25, catalog hygiene): two spellings of one provider share it, so staff
// can see "microsoft.com" and "microsoft" as one and merge them. Written once here; the server
// groups the catalog's spellings by it and checks a merge against it.
//
// Ignored: case and Unicode width (NFKC), white space and punctuation, a scheme, a path, a leading
// "www." and one trailing common top-level domain ("openai.com" is "openai"). Kept: every other
// part of a domain ("docs.google.com" is not "google.com") and an uncommon TLD, which is often
// the name itself ("notion.so", "hey.xyz" stay as they are).
//
// ".ai" is the exception among common TLDs: it is read as part of the name, because providers
// write the same name with a hyphen as often as with a dot ("codium.ai" and "Codium-ai",
// "x.ai" and "xAI" in the real catalog) while a bare name with a .ai site is rarer.

/** Top-level domains dropped from the end of a provider written as a domain. Longest first. */
const COMMON_TLDS = ['co.uk', 'com', 'io', 'org', 'net', 'co', 'dev', 'app', 'tech', 'inc'] as const;

/** Below this many letters and digits a name keeps its TLD: "x.com" is not "X" (or "x.co"). */
const SHORTEST_STRIPPED_NAME = 3;

/** The most spellings of a provider one merge moves (the admin API bounds `from` by it). */
export const PROVIDER_MERGE_FROM_MAX = 20;

/** The most groups of likely duplicates staff are shown at once. */
export const PROVIDER_DUPLICATE_GROUPS_MAX = 50;

/** A provider spelling is at most this long (the agent's provider field is at most 100). */
export const PROVIDER_SPELLING_MAX = 100;

const ALPHANUMERIC = /[^\p{L}\p{N}]/gu;

/** The key two spellings of the same provider share; '' when the spelling has no letter or digit. */
export function providerKey(provider: string): string {
  let text = provider
    .replace(/&amp;/gi, '&')
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^www\./, '');
  for (const tld of COMMON_TLDS) {
    if (!text.endsWith(`.${tld}`)) continue;
    const rest = text.slice(0, -(tld.length + 1));
    if (rest.replace(ALPHANUMERIC, '').length >= SHORTEST_STRIPPED_NAME) text = rest;
    break;
  }
  return text.replace(ALPHANUMERIC, '');
}

/** Whether two spellings name the same provider by the key above. */
export function sameProvider(a: string, b: string): boolean {
  const key = providerKey(a);
  return key !== '' && key === providerKey(b);
}

/** One spelling of a provider and how many agents carry it. */
export interface ProviderSpelling {
  provider: string;
  agents: number;
}

/** Spellings that share a key: most agents first, so the first is the one to merge into. */
export interface ProviderDuplicateGroup {
  key: string;
  spellings: ProviderSpelling[];
}

/**
 * Groups spellings by key, keeping only keys with two spellings or more; the groups with the most
 * agents first (ties by key), at most `limit`. Spellings within a group: most agents first, then
 * a domain before a bare name (the more specific), then alphabetically.
 */
export function groupProviderDuplicates(
  spellings: Iterable<ProviderSpelling>,
  limit = PROVIDER_DUPLICATE_GROUPS_MAX,
): ProviderDuplicateGroup[] {
  const byKey = new Map<string, ProviderSpelling[]>();
  for (const spelling of spellings) {
    const key = providerKey(spelling.provider);
    if (key === '') continue;
    const group = byKey.get(key);
    if (group) group.push(spelling);
    else byKey.set(key, [spelling]);
  }
  const total = (group: ProviderSpelling[]) => group.reduce((sum, s) => sum + s.agents, 0);
  return [...byKey]
    .filter(([, group]) => group.length > 1)
    .map(([key, group]) => ({
      key,
      spellings: [...group].sort(
        (a, b) =>
          b.agents - a.agents ||
          Number(b.provider.includes('.')) - Number(a.provider.includes('.')) ||
          (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0),
      ),
      total: total(group),
    }))
    .sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, Math.max(0, limit))
    .map(({ key, spellings: sorted }) => ({ key, spellings: sorted }));
}
