import { searchDocument } from '../contract';
import { planQuery, type QueryPlan } from '../query/plan';
import { bestOfPlanSteps } from './bounded-rank';
import { InvertedIndex } from './inverted-index';
import { moreLikeThisPlan } from './more-like-this';
import { rankPlan } from './rank-plan';
import { Scratch } from './scratch';
import { runWhole } from './search-steps';
import { topK } from './top-k';

// Issue 24: a named product's look-alikes (alternatives.ts) scored only where they can be among the
// best (bounded-rank.ts). What must hold: the same hits in the same order as the whole ranking
// then topK, for fewer postings read, in steps.

const ROLES = [
  'Customer Support Agent',
  'Bookkeeper',
  'Voice Actor',
  'SEO Specialist',
  'Data Analyst',
  'Recruiter',
];
const CATEGORIES = ['Customer Service', 'Finance', 'Content & Media', 'Marketing', 'Analytics', 'People'];
const WORDS = ['emails', 'invoices', 'videos', 'keywords', 'dashboards', 'candidates', 'courses', 'startups'];
const MORE = ['training', 'explainers', 'minutes', 'reports', 'tickets', 'receipts', 'podcasts', 'audits'];

/** A seeded catalog: every role, category and word shared by many agents, as in a real one. */
function catalog(size: number) {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: size }, (_, i) => {
    const role = pick(ROLES);
    return searchDocument(`a${i}`, {
      name: `${pick(['Nova', 'Pixel', 'Echo', 'Quill'])} AI ${i.toString(36)}`,
      role,
      category: random() < 0.8 ? CATEGORIES[ROLES.indexOf(role)]! : pick(CATEGORIES),
      description: `Handles ${pick(WORDS)} and ${pick(WORDS)} with ${pick(MORE)}. Also ${pick(MORE)} ${pick(MORE)} for ${pick(WORDS)}.`,
    });
  });
}

let index: InvertedIndex;
const scratch = new Scratch();

beforeAll(async () => {
  index = new InvertedIndex();
  await index.loadStream(catalog(3000));
});

/** rankPlan's hits, then topK: what the look-alikes listed before. */
function whole(plan: QueryPlan, k: number, filter: ((n: number) => boolean) | null = null): number[] {
  const ranked = rankPlan(index, scratch, plan, filter, 1);
  return topK(ranked.hits, ranked.scores, k, (a, b) => index.compareIds(a, b));
}

const bounded = (plan: QueryPlan, k: number, filter: ((n: number) => boolean) | null = null) =>
  runWhole(bestOfPlanSteps(index, scratch, plan, filter, k));

/** Every posting the plan's readings hold (what the whole pass reads, at least). */
function postingsOf(plan: QueryPlan): number {
  let sum = 0;
  for (const group of plan.groups)
    for (const alternative of group.alternatives)
      for (const stem of alternative.stems) sum += index.postingsOf(stem)?.length ?? 0;
  return sum;
}

describe('the best hits of a plan, bounded', () => {
  it("lists a product's look-alikes exactly as the whole ranking does, reading a fraction of the postings", () => {
    let boundedCount = 0;
    for (let n = 0; n < 3000; n += 75) {
      const plan = moreLikeThisPlan(index, n);
      for (const k of [5, 20]) {
        const best = bounded(plan, k);
        if (!best) continue;
        boundedCount += 1;
        expect(best.order).toEqual(whole(plan, k));
        expect(best.scored).toBeLessThan(postingsOf(plan) / 2);
      }
    }
    // Most plans are told apart by the bound (the rest are ranked whole by the caller).
    expect(boundedCount).toBeGreaterThan(40);
  });

  it("gives a query's own best hits as the whole ranking does: names, synonyms and phrases included", () => {
    const vocabulary = index.vocabulary.asVocabulary();
    let boundedCount = 0;
    for (const text of [
      'voice actor videos',
      'customer support emails',
      'Nova AI 2s',
      'bookkeeper invoices receipts',
    ]) {
      const plan = planQuery(text, vocabulary);
      for (const k of [3, 20]) {
        const best = bounded(plan, k);
        if (!best) continue;
        boundedCount += 1;
        expect(best.order).toEqual(whole(plan, k));
      }
    }
    expect(boundedCount).toBeGreaterThan(0);
  });

  it('keeps to the filter as the whole ranking does', () => {
    const even = (n: number) => n % 2 === 0;
    const plan = moreLikeThisPlan(index, 42);
    const best = bounded(plan, 10, even);
    expect(best?.order).toEqual(whole(plan, 10, even));
    expect(best!.order.every(even)).toBe(true);
  });

  it('stops between its blocks and groups, and answers the same run in steps', () => {
    const plan = moreLikeThisPlan(index, 7);
    const steps = bestOfPlanSteps(index, scratch, plan, null, 20);
    let stops = 0;
    let step = steps.next();
    while (!step.done) {
      stops += 1;
      step = steps.next();
    }
    expect(stops).toBeGreaterThan(plan.groups.length);
    expect(step.value?.order).toEqual(whole(plan, 20));
  });

  it('leaves a ranking with fewer hits than a page to the whole pass (null): it adds a second tier', () => {
    const plan = moreLikeThisPlan(index, 11);
    expect(bounded(plan, 20, (n) => n < 40)).toBeNull();
  });

  it('lists every hit when fewer than k, as the whole ranking does', () => {
    const plan = moreLikeThisPlan(index, 11);
    const all = whole(plan, 3000);
    expect(all.length).toBeLessThan(3000);
    expect(bounded(plan, 3000)?.order).toEqual(all);
  });
});
