import { changedFields, formatAuditValue, recordedFields } from './audit-changes';

describe('changedFields', () => {
  it('lists only the fields an update changed, before and after', () => {
    const changes = changedFields({
      before: { name: 'LedgerLark', status: null, cost: '$29/month', updated_at: '2026-11-01' },
      after: { name: 'LedgerLark', status: 'Verified', cost: '$39/month', updated_at: '2026-11-02' },
    });
    expect(changes).toEqual([
      { field: 'status', before: '(empty)', after: 'Verified' },
      { field: 'cost', before: '$29/month', after: '$39/month' },
    ]);
  });

  it('shows a field the update added or took away', () => {
    expect(
      changedFields({ before: { removed: false }, after: { removed: true, email: 'a@b.example' } }),
    ).toEqual([
      { field: 'removed', before: 'false', after: 'true' },
      { field: 'email', before: '(empty)', after: 'a@b.example' },
    ]);
  });
});

describe('recordedFields', () => {
  it('lists what an upload recorded', () => {
    expect(recordedFields({ added: 3, skipped: 1 })).toEqual([
      ['added', '3'],
      ['skipped', '1'],
    ]);
    expect(recordedFields(null)).toEqual([]);
  });
});

it('shortens a long value', () => {
  expect(formatAuditValue('x'.repeat(500))).toHaveLength(120);
});
