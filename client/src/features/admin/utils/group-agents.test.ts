import { makeAdminAgent } from '../testing/admin-fixtures';
import { groupAgents } from './group-agents';

describe('groupAgents', () => {
  it('groups agents by category, then by role, in the order the server sorted them', () => {
    const agents = [
      makeAdminAgent({ id: '1', category: 'Finance', role: 'Accountant' }),
      makeAdminAgent({ id: '2', category: 'Finance', role: 'Accountant' }),
      makeAdminAgent({ id: '3', category: 'Finance', role: 'Bookkeeper' }),
      makeAdminAgent({ id: '4', category: 'Legal', role: 'Paralegal' }),
    ];
    const groups = groupAgents(agents);
    expect(groups.map((group) => [group.category, group.count])).toEqual([
      ['Finance', 3],
      ['Legal', 1],
    ]);
    expect(groups[0]!.roles.map((group) => [group.role, group.agents.map((agent) => agent.id)])).toEqual([
      ['Accountant', ['1', '2']],
      ['Bookkeeper', ['3']],
    ]);
  });

  it('keeps a category split across two pages in one group', () => {
    const firstPage = [makeAdminAgent({ id: '1', category: 'Finance', role: 'Accountant' })];
    const nextPage = [makeAdminAgent({ id: '2', category: 'Finance', role: 'Accountant' })];
    expect(groupAgents([...firstPage, ...nextPage])).toHaveLength(1);
  });
});
