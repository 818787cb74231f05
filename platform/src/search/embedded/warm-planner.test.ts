import { searchDocument } from '../contract';
import { InvertedIndex } from './inverted-index';
import { TimeSlices } from './time-slices';
import { WARM_STEPS, warmPlanner } from './warm-planner';

// Issue 24: the one-off work of a first search is done as the index loads, each piece in its own
// slice of the event loop, so that no slice holds it all.

class CountingSlices extends TimeSlices {
  turns = 0;
  override async next(): Promise<void> {
    this.turns += 1;
    await super.next();
  }
}

describe('warming the planner as an index loads', () => {
  it('lets the event loop run between its pieces, on a catalog and on an empty index', async () => {
    const index = new InvertedIndex();
    await index.loadStream([
      searchDocument('a1', {
        name: 'Quill',
        role: 'Customer Support Agent',
        description: 'Answers customer emails.',
      }),
      searchDocument('a2', { name: 'Ledger', role: 'Bookkeeper', description: 'Keeps the books.' }),
    ]);
    for (const loaded of [index, new InvertedIndex()]) {
      const slices = new CountingSlices();
      await warmPlanner(loaded, slices);
      expect(slices.turns).toBe(WARM_STEPS);
    }
  });
});
