import { normalizePricing } from '@agentry/domain/pricing';
import type { SearchDocument } from '../port';

// What the search contract's parts share: the agents they search and how they read an answer.

export function searchDocument(id: string, fields: Partial<SearchDocument> = {}): SearchDocument {
  const cost = fields.cost ?? 'Free';
  return {
    id,
    name: `Agent ${id}`,
    provider: 'Acme',
    category: 'Productivity',
    role: 'Personal Assistant',
    description: 'Helps with everyday work.',
    cost,
    address: `https://agent-${id}.example`,
    ...normalizePricing(cost),
    ...fields,
  };
}

export const CATALOG: SearchDocument[] = [
  searchDocument('1', {
    name: 'InboxPilot',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English from your help desk.',
    cost: '$29/month',
    provider: 'Northwind',
  }),
  searchDocument('2', {
    name: 'MinuteMaid',
    category: 'Productivity',
    role: 'Meeting Note Taker',
    description: 'Joins your calls, takes meeting notes and sends the action items.',
    cost: 'Freemium',
  }),
  searchDocument('3', {
    name: 'TalentHound',
    category: 'HR & Recruiting',
    role: 'Recruiter',
    description: 'Sources candidates and screens resumes for open roles.',
    cost: '$99/month',
  }),
  searchDocument('4', {
    name: 'LedgerLeaf',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Categorises transactions and reconciles your accounts every night.',
    cost: 'Contact sales',
    provider: 'Northwind',
  }),
  searchDocument('5', {
    name: 'VoiceForge',
    category: 'Content & Media',
    role: 'Voice Actor',
    description: 'Text to speech with natural voices in 30 languages.',
    cost: '$5/month',
  }),
];

export const ids = (response: { hits: Array<{ document: SearchDocument }> }) =>
  response.hits.map((hit) => hit.document.id);

/**
 * What an engine can do beyond plain matching; every engine with an index does all of it. A
 * store-backed engine (store-fallback/) matches the store's plain substrings: it forgives no typo,
 * knows no synonym and highlights nothing, so it is held to the rest of the contract only.
 */
export interface SearchCapabilities {
  typos: boolean;
  synonyms: boolean;
  highlight: boolean;
}

export const EVERY_CAPABILITY: SearchCapabilities = { typos: true, synonyms: true, highlight: true };

/** A behaviour the engine cannot have is reported as skipped, not left out silently. */
export const itWhen = (capable: boolean) => (capable ? it : it.skip);
