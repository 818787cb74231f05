// What a search says about how each agent relates to the query, shared by the server (which works
// it out), the web client (which shows it on cards) and the MCP tools (which send it as text).

/** Why an agent was found: the parts of the query it matched, how, and where. */
export interface MatchExplanation {
  /** True when the agent meets the match floor; false for a related agent, shown after the matches. */
  match: boolean;
  /**
   * The parts of the query the agent matched, in the query's order: the words as meant (a typo
   * corrected, the word being typed completed) and, when the agent has other words for them, those.
   */
  matched: Array<{ words: string; as?: string }>;
  /** Parts of the query the agent does not mention. */
  missing: string[];
  /** The agent's role, when a part of the query matched it or the query named it. */
  role?: string;
  /** The agent's category, when a part of the query matched it and not the role. */
  category?: string;
  /** The query asked for this agent by name. */
  name?: boolean;
  /** Listed as an alternative to the product the query named. */
  alternativeTo?: string;
}

/** What a search with no close match offers instead. */
export interface SearchSuggestions {
  /** The query with a word read differently ("did you mean"), when one reading looks likely. */
  query?: string;
  /** Categories of the nearest agents, largest first: a broader place to look. */
  categories: string[];
  /** Roles of the nearest agents, with their category. */
  roles: Array<{ role: string; category: string }>;
}

/** At most this many parts are listed in the one-line explanation. */
const MAX_PARTS = 4;

/**
 * The explanation as one short line, e.g. `matches: customer emails, spanish · role: Support
 * Agent`; a related agent's line says what it lacks (`related: summaries · not: research papers`).
 * A part the agent words otherwise names its words: `papers (it says "research")`, which read
 * `papers (as research)` before (newcomer pass, session 11).
 */
export function explanationText(why: MatchExplanation): string {
  const parts = why.matched
    .slice(0, MAX_PARTS)
    .map((part) => (part.as ? `${part.words} (it says "${part.as}")` : part.words));
  const pieces: string[] = [];
  if (why.name) pieces.push('the name asked for');
  else if (why.alternativeTo) pieces.push(`alternative to ${why.alternativeTo}`);
  if (parts.length > 0 && !why.name) pieces.push(`${why.match ? 'matches' : 'related'}: ${parts.join(', ')}`);
  if (why.role) pieces.push(`role: ${why.role}`);
  else if (why.category) pieces.push(`category: ${why.category}`);
  if (!why.match && !why.alternativeTo && why.missing.length > 0)
    pieces.push(`not: ${why.missing.slice(0, MAX_PARTS).join(', ')}`);
  return pieces.join(' · ');
}
