import { seededRandom } from '@agentry/domain/testing/seeded-random';
import type { AgentCreate, AgentRepository } from '@agentry/platform/store/port';

// Synthetic agents for benchmarks: realistic listings built from phrase banks per job, with a
// seeded random generator so every run measures the same catalog. Never shipped as data.

interface Job {
  category: string;
  role: string;
  tasks: string[];
  objects: string[];
}

const JOBS: Job[] = [
  {
    category: 'Customer Service',
    role: 'Customer Support Agent',
    tasks: ['answers', 'triages', 'resolves', 'drafts replies to'],
    objects: [
      'customer emails',
      'support tickets',
      'refund requests',
      'order questions',
      'live chat messages',
    ],
  },
  {
    category: 'Customer Service',
    role: 'Receptionist',
    tasks: ['answers', 'books', 'routes', 'screens'],
    objects: ['phone calls', 'appointments', 'voicemails', 'front desk requests'],
  },
  {
    category: 'Sales',
    role: 'Sales Development Representative (SDR)',
    tasks: ['writes', 'personalizes', 'sends', 'follows up on'],
    objects: ['cold emails', 'outbound sequences', 'LinkedIn messages', 'meeting requests'],
  },
  {
    category: 'Sales',
    role: 'Lead Generation Specialist',
    tasks: ['finds', 'enriches', 'scores', 'qualifies'],
    objects: ['leads', 'prospect lists', 'company contacts', 'inbound signups'],
  },
  {
    category: 'Marketing',
    role: 'Copywriter',
    tasks: ['writes', 'rewrites', 'tests', 'generates'],
    objects: ['ad copy', 'landing pages', 'product descriptions', 'marketing emails', 'taglines'],
  },
  {
    category: 'Marketing',
    role: 'SEO Specialist',
    tasks: ['audits', 'optimizes', 'researches', 'tracks'],
    objects: ['keywords', 'blog posts', 'backlinks', 'search rankings', 'meta descriptions'],
  },
  {
    category: 'Marketing',
    role: 'Social Media Manager',
    tasks: ['schedules', 'writes', 'analyzes', 'repurposes'],
    objects: ['social posts', 'tweets', 'Instagram captions', 'LinkedIn posts', 'short videos'],
  },
  {
    category: 'Software Development',
    role: 'Software Engineer',
    tasks: ['writes', 'refactors', 'completes', 'explains'],
    objects: ['code', 'unit tests', 'pull requests', 'API clients', 'database queries'],
  },
  {
    category: 'Software Development',
    role: 'Code Reviewer',
    tasks: ['reviews', 'comments on', 'finds bugs in', 'checks'],
    objects: ['pull requests', 'code changes', 'security issues', 'style violations'],
  },
  {
    category: 'Software Development',
    role: 'QA Engineer',
    tasks: ['writes', 'runs', 'maintains', 'generates'],
    objects: ['end to end tests', 'regression suites', 'test plans', 'bug reports'],
  },
  {
    category: 'Software Development',
    role: 'Technical Writer',
    tasks: ['writes', 'updates', 'generates', 'translates'],
    objects: ['API documentation', 'READMEs', 'release notes', 'developer guides'],
  },
  {
    category: 'Data & Analytics',
    role: 'Data Analyst',
    tasks: ['analyzes', 'visualizes', 'summarizes', 'cleans'],
    objects: ['sales data', 'spreadsheets', 'dashboards', 'survey results', 'CSV files'],
  },
  {
    category: 'Data & Analytics',
    role: 'Data Engineer',
    tasks: ['builds', 'monitors', 'documents', 'migrates'],
    objects: ['data pipelines', 'ETL jobs', 'warehouse tables', 'dbt models'],
  },
  {
    category: 'Finance',
    role: 'Bookkeeper',
    tasks: ['categorizes', 'reconciles', 'records', 'matches'],
    objects: ['transactions', 'receipts', 'bank statements', 'invoices', 'expenses'],
  },
  {
    category: 'Finance',
    role: 'Financial Analyst',
    tasks: ['forecasts', 'models', 'reports on', 'explains'],
    objects: ['cash flow', 'budgets', 'revenue', 'quarterly results'],
  },
  {
    category: 'HR & Recruiting',
    role: 'Recruiter',
    tasks: ['sources', 'screens', 'ranks', 'contacts'],
    objects: ['candidates', 'resumes', 'job applicants', 'passive talent'],
  },
  {
    category: 'HR & Recruiting',
    role: 'Interviewer',
    tasks: ['conducts', 'scores', 'schedules', 'summarizes'],
    objects: ['screening interviews', 'video interviews', 'candidate assessments'],
  },
  {
    category: 'Legal',
    role: 'Contract Manager',
    tasks: ['reviews', 'redlines', 'drafts', 'tracks'],
    objects: ['contracts', 'NDAs', 'vendor agreements', 'renewal dates'],
  },
  {
    category: 'Legal',
    role: 'Paralegal',
    tasks: ['researches', 'summarizes', 'organizes', 'drafts'],
    objects: ['case law', 'legal briefs', 'discovery documents', 'court filings'],
  },
  {
    category: 'Healthcare',
    role: 'Medical Scribe',
    tasks: ['transcribes', 'writes', 'codes', 'summarizes'],
    objects: ['patient visits', 'clinical notes', 'discharge summaries', 'referral letters'],
  },
  {
    category: 'Education',
    role: 'Tutor',
    tasks: ['explains', 'quizzes students on', 'grades', 'plans'],
    objects: ['math problems', 'homework', 'essays', 'exam prep', 'reading exercises'],
  },
  {
    category: 'Education',
    role: 'Teacher',
    tasks: ['creates', 'plans', 'grades', 'differentiates'],
    objects: ['lesson plans', 'worksheets', 'quizzes', 'rubrics', 'classroom activities'],
  },
  {
    category: 'Design',
    role: 'Illustrator',
    tasks: ['draws', 'generates', 'styles', 'upscales'],
    objects: ['illustrations', 'blog images', 'character art', 'icons', 'book covers'],
  },
  {
    category: 'Design',
    role: 'Graphic Designer',
    tasks: ['designs', 'resizes', 'brands', 'creates'],
    objects: ['logos', 'posters', 'social graphics', 'banners', 'presentations'],
  },
  {
    category: 'Content & Media',
    role: 'Video Editor',
    tasks: ['edits', 'captions', 'cuts', 'turns scripts into'],
    objects: ['videos', 'podcast clips', 'short form reels', 'subtitles', 'YouTube videos'],
  },
  {
    category: 'Content & Media',
    role: 'Transcriptionist',
    tasks: ['transcribes', 'timestamps', 'translates', 'summarizes'],
    objects: ['audio recordings', 'interviews', 'podcasts', 'voice memos', 'lectures'],
  },
  {
    category: 'Content & Media',
    role: 'Voice Actor',
    tasks: ['narrates', 'voices', 'dubs', 'reads aloud'],
    objects: ['audiobooks', 'explainer videos', 'ads', 'training courses'],
  },
  {
    category: 'Content & Media',
    role: 'Translator',
    tasks: ['translates', 'localizes', 'proofreads', 'adapts'],
    objects: ['websites', 'product manuals', 'subtitles', 'marketing copy', 'support articles'],
  },
  {
    category: 'Productivity',
    role: 'Meeting Note Taker',
    tasks: ['records', 'transcribes', 'summarizes', 'extracts action items from'],
    objects: ['meetings', 'sales calls', 'standups', 'Zoom calls', 'interviews'],
  },
  {
    category: 'Productivity',
    role: 'Personal Assistant',
    tasks: ['plans', 'schedules', 'prioritizes', 'reminds you of'],
    objects: ['your day', 'tasks', 'calendar events', 'errands', 'travel'],
  },
  {
    category: 'Research',
    role: 'Research Assistant',
    tasks: ['finds', 'summarizes', 'compares', 'cites'],
    objects: ['academic papers', 'articles', 'market reports', 'news stories'],
  },
  {
    category: 'Operations',
    role: 'Workflow Automation Specialist',
    tasks: ['automates', 'connects', 'monitors', 'triggers'],
    objects: ['browser tasks', 'spreadsheets', 'approvals', 'form submissions', 'web apps'],
  },
];

const AUDIENCES = [
  'small businesses',
  'startups',
  'agencies',
  'enterprise teams',
  'freelancers',
  'schools',
  'clinics',
  'law firms',
  'online stores',
  'developers',
  'nonprofits',
  'sales teams',
];
const FEATURES = [
  'Works with Slack, Gmail and Outlook.',
  'Supports English, Spanish, French and German.',
  'Learns your tone from past examples.',
  'Keeps a human in the loop for anything sensitive.',
  'Connects to your CRM in minutes.',
  'Runs on your own cloud for compliance.',
  'Exports to Google Sheets and Excel.',
  'Offers a free plan for individuals.',
  'Includes analytics on time saved.',
  'Integrates with Zapier and webhooks.',
  'SOC 2 certified with single sign-on.',
  'Available as a Chrome extension and a web app.',
];
const SYLLABLES = [
  'lum',
  'vor',
  'ka',
  'zen',
  'tri',
  'mo',
  'bel',
  'quin',
  'sa',
  'dex',
  'ra',
  'nov',
  'pix',
  'tal',
  'or',
  'fen',
  'gla',
  'hu',
  'ix',
  'jo',
];
const SUFFIXES = [
  '',
  ' AI',
  'ly',
  'ify',
  ' Pilot',
  ' Bot',
  ' Labs',
  'io',
  ' Assist',
  ' Flow',
  ' Desk',
  ' Mate',
];
const COSTS = [
  'Free',
  'Freemium',
  'Free (open source)',
  '$19/month',
  '$29/month',
  '$49/month',
  '$99/month',
  'From $12/user/month',
  '$0.02 per minute',
  '$499/year',
  'Contact sales',
  'Unknown',
  'Pay as you go',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function productName(random: () => number, index: number): string {
  const syllables = 2 + Math.floor(random() * 2);
  let base = '';
  for (let i = 0; i < syllables; i++) base += pick(random, SYLLABLES);
  // The index keeps names unique (import identity is name + provider).
  return `${base[0]!.toUpperCase()}${base.slice(1)}${pick(random, SUFFIXES)} ${index.toString(36)}`;
}

export function syntheticAgent(index: number, random: () => number): AgentCreate {
  const job = pick(random, JOBS);
  const name = productName(random, index);
  const task = pick(random, job.tasks);
  const object = pick(random, job.objects);
  const second = pick(random, job.objects);
  const audience = pick(random, AUDIENCES);
  return {
    name,
    provider: `${pick(random, SYLLABLES).toUpperCase()}${pick(random, SYLLABLES)} Inc`,
    category: job.category,
    role: job.role,
    description: `${name.split(' ')[0]} ${task} ${object} and ${second} for ${audience}. ${pick(random, FEATURES)} ${pick(random, FEATURES)}`,
    cost: pick(random, COSTS),
    address: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
  };
}

export function* syntheticAgents(count: number, seed = 42): Generator<AgentCreate> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) yield syntheticAgent(i, random);
}

/** `count` synthetic agents written straight into a store, 5,000 a batch (benches that skip the import CLI). */
export async function importSyntheticAgents(
  agents: Pick<AgentRepository, 'importMany'>,
  count: number,
): Promise<void> {
  let batch: AgentCreate[] = [];
  for (const agent of syntheticAgents(count)) {
    batch.push(agent);
    if (batch.length === 5000) {
      await agents.importMany(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await agents.importMany(batch);
}

/** Multi-word use-case queries like the ones visitors type, in the catalog's words. */
export function useCaseQueries(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const openers = ['', 'an agent that ', 'help me ', 'ai to ', 'tool that ', 'automatically '];
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const job = pick(random, JOBS);
    const verb = pick(random, job.tasks).replace(/s\b/, '').replace(/ies\b/, 'y');
    queries.push(
      `${pick(random, openers)}${verb} ${pick(random, job.objects)} for ${pick(random, AUDIENCES)}`.trim(),
    );
  }
  return queries;
}
