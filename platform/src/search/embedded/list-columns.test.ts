import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import { ListColumn } from './list-columns';

// A profile fact's column: any number of values per document, counts cut to the most held.

describe('a list column', () => {
  it('matches a document holding any of the values asked for, without regard to case, and none that holds none', () => {
    const column = new ListColumn();
    column.add(0, ['Slack', 'Zendesk']);
    column.add(1, []);
    column.add(2, ['zendesk']);
    const matches = column.matcher(new Set(['zendesk']));
    expect([0, 1, 2].map(matches)).toEqual([true, false, true]);
    expect([0, 1, 2].map(column.matcher(new Set(['hubspot'])))).toEqual([false, false, false]);
  });

  it(`counts the hits' values, most held first, at most ${FACET_VALUES_MAX} of them however many there are`, () => {
    const column = new ListColumn();
    // 300 documents, each with its own integration and a shared one; the first 10 share a second.
    for (let n = 0; n < 300; n++) column.add(n, [`Tool ${n}`, 'Slack', ...(n < 10 ? ['Zendesk'] : [])]);
    const hits = Int32Array.from({ length: 300 }, (_, n) => n);
    const counts = column.count(hits);
    const values = Object.keys(counts);
    expect(values).toHaveLength(FACET_VALUES_MAX);
    expect(values.slice(0, 3)).toEqual(['Slack', 'Zendesk', 'Tool 0']);
    expect(counts.Slack).toBe(300);
    expect(counts.Zendesk).toBe(10);
    expect(column.count(Int32Array.from([5]))).toEqual({ 'Tool 5': 1, Slack: 1, Zendesk: 1 });
  });
});
