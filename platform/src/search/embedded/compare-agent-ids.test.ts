import { compareAgentIds } from './equal-order';

// Equal scores are ordered by id, the order agents were created in, so a re-index (which renews a
// document's number) never moves an agent among its equals: the ranking policy's promise.
describe('compareAgentIds', () => {
  it('orders numeric ids by value, not as text', () => {
    expect(['10', '9', '100', '2'].sort(compareAgentIds)).toEqual(['2', '9', '10', '100']);
  });

  it('orders other ids (MongoDB ObjectIds) as text, which follows their creation time', () => {
    expect(['65f0000000000000000000b2', '65f0000000000000000000a1'].sort(compareAgentIds)).toEqual([
      '65f0000000000000000000a1',
      '65f0000000000000000000b2',
    ]);
  });

  it('says two equal ids are equal', () => {
    expect(compareAgentIds('42', '42')).toBe(0);
  });
});
