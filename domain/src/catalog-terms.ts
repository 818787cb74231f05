// The directory's controlled list of categories (issue 25: "Educaton" became a public category the
// moment a provider typed it). A category is one of these, or a new one that is not a near miss of
// one of them: a form and an upload that meet a near miss ask "Did you mean Education?" instead of
// listing it, and a spelling that differs only in case or spacing takes the list's. Written once
// for the client's forms and the server's checks (registration, the provider's edit, staff's form
// and uploads all go through checkField in agent-rules.ts).

export const CATALOG_CATEGORIES = [
  'Customer Service',
  'Sales',
  'Marketing',
  'Software Development',
  'Data & Analytics',
  'Finance',
  'HR & Recruiting',
  'Legal',
  'Healthcare',
  'Education',
  'Design',
  'Content & Media',
  'Productivity',
  'Research',
  'Operations',
  'AI Agent Platforms',
] as const;

const folded = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Edit distance with transpositions (optimal string alignment), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** How far a spelling may be from a term to be taken for it: none under 4 letters, then 1, then 2. */
const allowance = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** The listed term this one is a spelling of (the same but for case and spacing), or null. */
export function listedTerm(value: string, terms: readonly string[] = CATALOG_CATEGORIES): string | null {
  const wanted = folded(value);
  return terms.find((term) => folded(term) === wanted) ?? null;
}

/** The listed term closest to `value` within the allowance for its length, and how far it is. */
function closest(value: string, terms: readonly string[]): { term: string; distance: number } | null {
  const wanted = folded(value);
  if (wanted === '' || listedTerm(value, terms)) return null;
  let found: { term: string; distance: number } | null = null;
  for (const term of terms) {
    const max = allowance(Math.min(wanted.length, term.length));
    if (max === 0) continue;
    const distance = editDistance(wanted, folded(term), max);
    if (distance <= max && distance < (found?.distance ?? Number.POSITIVE_INFINITY))
      found = { term, distance };
  }
  return found;
}

/**
 * The listed term `value` looks like a slip for ("Finanse" → "Finance"), or null when it is a
 * listed term itself or far from all of them.
 */
export function nearMiss(value: string, terms: readonly string[] = CATALOG_CATEGORIES): string | null {
  return closest(value, terms)?.term ?? null;
}

/** What a form and an upload say of a near miss. */
export const didYouMean = (term: string, kind: 'category' | 'role') =>
  `Did you mean ${term}? Choose it, or name another ${kind}.`;

/**
 * The listed category or role a typed value is a slip for, or null. For a role, the chosen
 * category's own roles win a tie with another category's ("A Engineer" under AI Agent Platforms is
 * "AI Engineer", under Software Development "QA Engineer"); a closer role elsewhere still wins.
 */
export function nearMissTerm(field: 'category' | 'role', value: string, category?: string): string | null {
  if (field === 'category') return nearMiss(value);
  // A role listed under any category is a choice, not a slip.
  if (listedTerm(value, ALL_CATALOG_ROLES)) return null;
  const anywhere = closest(value, ALL_CATALOG_ROLES);
  const listed = category ? listedTerm(category) : null;
  const own = listed ? closest(value, CATALOG_ROLES[listed as (typeof CATALOG_CATEGORIES)[number]]) : null;
  return own && (!anywhere || own.distance <= anywhere.distance) ? own.term : (anywhere?.term ?? null);
}

/** The near-miss message for a category or role, or undefined when the value is not one. */
export function nearMissMessage(
  field: 'category' | 'role',
  value: string,
  category?: string,
): string | undefined {
  const term = nearMissTerm(field, value, category);
  return term ? didYouMean(term, field) : undefined;
}

/** The listed spelling of a category or role typed with other case or spacing; the value otherwise. */
export function canonicalTerm(field: 'category' | 'role', value: string): string {
  return listedTerm(value, field === 'category' ? CATALOG_CATEGORIES : ALL_CATALOG_ROLES) ?? value;
}

/** The roles of each listed category (the taxonomy the public catalog of 1,030 agents was sorted by). */
export const CATALOG_ROLES: Record<(typeof CATALOG_CATEGORIES)[number], readonly string[]> = {
  'Customer Service': [
    'Customer Support Agent',
    'Receptionist',
    'Call Center Agent',
    'Help Desk Specialist',
    'Live Chat Agent',
  ],
  Sales: [
    'Account Executive',
    'Sales Development Representative (SDR)',
    'Lead Generation Specialist',
    'Sales Coach',
    'Sales Operations Analyst',
    'E-commerce Sales Associate',
  ],
  Marketing: [
    'Copywriter',
    'SEO Specialist',
    'Social Media Manager',
    'Paid Ads Specialist',
    'Email Marketing Specialist',
    'Marketing Analyst',
  ],
  'Software Development': [
    'Software Engineer',
    'Code Reviewer',
    'QA Engineer',
    'Security Engineer',
    'DevOps Engineer',
    'Frontend Developer',
    'Technical Writer',
  ],
  'AI Agent Platforms': [
    'AI Engineer',
    'LLMOps Engineer',
    'Prompt Engineer',
    'Automation Engineer',
    'Machine Learning Engineer',
  ],
  'Data & Analytics': [
    'Data Analyst',
    'Data Labeler',
    'Web Scraping Specialist',
    'Database Analyst (SQL)',
    'Data Engineer',
    'Data Scientist',
    'Business Intelligence Analyst',
  ],
  Finance: [
    'Financial Analyst',
    'Bookkeeper',
    'Accounts Receivable Clerk',
    'Accountant',
    'Trader',
    'Investment Analyst',
    'Personal Finance Advisor',
  ],
  'HR & Recruiting': ['Recruiter', 'Interviewer', 'Career Coach', 'HR Generalist'],
  Legal: ['Paralegal', 'Contract Manager', 'Compliance Officer', 'Patent Analyst', 'Legal Counsel'],
  Healthcare: ['Medical Assistant', 'Medical Scribe', 'Clinical Researcher', 'Health Coach'],
  Education: ['Tutor', 'Language Tutor', 'Admissions Counselor', 'Instructional Designer', 'Teacher'],
  Design: [
    'Graphic Designer',
    'UI/UX Designer',
    'Presentation Designer',
    'Brand & Logo Designer',
    'Photo Editor',
    'Interior & Architectural Designer',
    'Illustrator',
  ],
  'Content & Media': [
    'Writer',
    'Video Editor',
    'Transcriptionist',
    'Voice Actor',
    'Music Composer',
    'Podcast Producer',
    'Translator',
    'Video Producer',
    'Editor / Proofreader',
  ],
  Productivity: [
    'Personal Assistant',
    'Meeting Note Taker',
    'Executive Assistant',
    'Project Manager',
    'Knowledge Manager',
    'Virtual Assistant',
  ],
  Research: ['Research Assistant', 'Academic Researcher', 'Scientist', 'Market Researcher', 'News Analyst'],
  Operations: [
    'Operations Manager',
    'IT Support Specialist',
    'Procurement Specialist',
    'Real Estate Transaction Coordinator',
    'Data Entry Clerk',
    'Workflow Automation Specialist',
  ],
};

/** Every listed role, once. */
export const ALL_CATALOG_ROLES: readonly string[] = [...new Set(Object.values(CATALOG_ROLES).flat())];
