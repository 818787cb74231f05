import { searchDocument } from '../contract';
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { Scratch } from './scratch';
import { TimeSlices, UNSLICED } from './time-slices';
import { warmQueries, warmSearch } from './warm-search';

// Issue 24: a newly loaded index runs its first searches' cold code in the load's slices, before it
// serves, and the answers it then gives are those it would have given unwarmed.

const documents = () => [
  searchDocument('a1', {
    name: 'Quill Mail',
    role: 'Customer Support Agent',
    description: 'Answers customer emails.',
  }),
  searchDocument('a2', {
    name: 'Ledger Pro',
    role: 'Bookkeeper',
    description: 'Keeps the books of online stores.',
  }),
  searchDocument('a3', {
    name: 'Quill Desk',
    role: 'Customer Support Agent',
    description: 'Answers chats for stores.',
  }),
];

async function indexOf(docs = documents()): Promise<InvertedIndex> {
  const index = new InvertedIndex();
  await index.loadStream(docs);
  return index;
}

/** Slices that yield after every check (budget 0), counting the turns given to the event loop. */
class EveryStep extends TimeSlices {
  turns = 0;
  constructor() {
    super(0);
  }
  override async next(): Promise<void> {
    this.turns += 1;
    await super.next();
  }
}

describe('searches run on a newly loaded index before it serves', () => {
  it("searches a live agent's name and a use case, letting the event loop run between slices", async () => {
    const index = await indexOf();
    index.remove('a1');
    expect(warmQueries(index)).toEqual(['Ledger Pro', 'answer customer emails for online stores']);
    const slices = new EveryStep();
    let ranMeanwhile = false;
    setImmediate(() => {
      ranMeanwhile = true;
    });
    const warming = warmSearch(index, slices);
    expect(ranMeanwhile).toBe(false);
    expect(await warming).toBe(2);
    expect(ranMeanwhile).toBe(true);
    // More turns than the two searches' ends: each search itself was cut into slices.
    expect(slices.turns).toBeGreaterThan(2);
  });

  it('answers afterwards exactly as an index never warmed', async () => {
    const warmed = await indexOf();
    await warmSearch(warmed, new EveryStep());
    const cold = await indexOf();
    for (const query of ['Quill Mail', 'quill', 'answer customer emails', 'stores books']) {
      const answer = (index: InvertedIndex) => {
        const { processingTimeMs: _, ...rest } = executeSearch(index, new Scratch(), {
          query,
          hitsPerPage: 20,
        });
        return rest;
      };
      expect(answer(warmed)).toEqual(answer(cold));
    }
  });

  it('does nothing where nothing yields (a command-line tool, a worker thread) or nothing is held', async () => {
    expect(await warmSearch(await indexOf(), UNSLICED)).toBe(0);
    expect(await warmSearch(new InvertedIndex(), new EveryStep())).toBe(0);
  });
});
