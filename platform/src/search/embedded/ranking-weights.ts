import { SECOND_TIER_MIN_HITS } from '../query/plan';

// The embedded engine's ranking weights: how much covering the query, naming an agent or its role,
// word order and role feedback count. Read by the first stage (rank-plan.ts), the names it boosts
// (named-in-query.ts) and the ranking window (window.ts).

export const RANKING = {
  /** Share of the query's (rarity-weighted) groups a document must cover to count as a hit. */
  minCoverage: 0.25,
  /** Below this many hits, documents covering less of the query follow as a second tier. */
  minHits: SECOND_TIER_MIN_HITS,
  /**
   * The second tier's best score is at most this share of the first tier's lowest, so that role
   * feedback (×1.25 at most) and the word-order check (×0.5) never mix the tiers.
   */
  secondTierGap: 0.3,
  /** Scores are multiplied by coverage to this power: covering more of the request wins. */
  coveragePower: 0.5,
  /**
   * A use case in several parts: scores are also multiplied by the share of its parts covered to
   * this power (`partCoverage`), so an agent doing two of the jobs asked beats one doing one well.
   */
  partPower: 0.5,
  /** The whole query is the agent's name ("otterly", "pixel forge"). */
  exactName: 3,
  /** The agent's whole name appears in the query ("pixelforge logo maker"). */
  nameInQuery: 2,
  /** Every query word is in the name ("forge" → Pixel Forge). */
  queryInName: 1.6,
  /** The query names the agent's role ("hire a recruiter"). */
  roleNamed: 1.3,
  /** A literal phrase found only in the wrong order ("french to english" for "english to french"). */
  phraseOutOfOrder: 0.5,
  /** How many top documents the word-order check looks at. */
  rerankWindow: 100,
  /**
   * Role feedback: the roles of the best first results say which job the query is about; other
   * matches of those roles move up by up to this share (scaled by the role's share of the top).
   */
  roleFeedback: 0.25,
  roleFeedbackTop: 20,
  roleFeedbackMinShare: 0.25,
} as const;
