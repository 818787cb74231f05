import { type FloorHit, type FloorPart, meansTheQuery } from './match-floor';

// The floor's meaning check: a query claims no match only when its head holds a part no agent has,
// the first matches carry under half of it, and none of them carries a part focused on few roles.

const part = (weight: number, focus: number | null, inHead = true): FloorPart => ({ weight, focus, inHead });
const hit = (carried: boolean[], associated = carried.map(() => false)): FloorHit => ({
  carried,
  associated,
});

describe('meansTheQuery', () => {
  // "analyze my chess games": no agent has "chess"; "analyze" and "games" are spread over roles.
  const chess = [part(4.5, 0.2), part(0, null), part(5.4, 0.3)];

  it('claims no match when the first matches carry only generic parts of a query whose head names something no agent has', () => {
    expect(meansTheQuery(chess, [hit([false, false, true]), hit([true, false, false])])).toBe(false);
  });

  it('keeps the match when a first match carries a part focused on a few roles', () => {
    const focused = [part(4.5, 0.2), part(0, null), part(5.4, 0.8)];
    expect(meansTheQuery(focused, [hit([true, false, false]), hit([false, false, true])])).toBe(true);
    // …but not when that focused part comes only after the first five matches.
    const late = [...Array.from({ length: 5 }, () => hit([true, false, false])), hit([false, false, true])];
    expect(meansTheQuery(focused, late)).toBe(false);
  });

  it('keeps the match when one of the first three carries half the parts, by its words or an association', () => {
    expect(meansTheQuery(chess, [hit([true, false, true])])).toBe(true);
    expect(meansTheQuery(chess, [hit([true, false, false], [false, true, false])])).toBe(true);
  });

  it('never questions a query whose head has no absent part', () => {
    expect(meansTheQuery([part(4.5, 0.1), part(0, null, false)], [hit([false, false])])).toBe(true);
    expect(meansTheQuery([part(4.5, 0.1)], [])).toBe(true);
  });
});
