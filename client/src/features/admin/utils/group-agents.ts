import type { AdminAgent } from '../api/get-admin-agents';

// Manage Agents shows the loaded agents grouped by category, then by role (spec section 2). The
// server sorts by category, role and name, so groups come in that order and stay so as pages
// are appended.

export interface RoleGroup {
  role: string;
  agents: AdminAgent[];
}

export interface CategoryGroup {
  category: string;
  roles: RoleGroup[];
  /** How many agents of the category are loaded. */
  count: number;
}

export function groupAgents(agents: readonly AdminAgent[]): CategoryGroup[] {
  const categories = new Map<string, Map<string, AdminAgent[]>>();
  for (const agent of agents) {
    let roles = categories.get(agent.category);
    if (!roles) {
      roles = new Map();
      categories.set(agent.category, roles);
    }
    const list = roles.get(agent.role);
    if (list) list.push(agent);
    else roles.set(agent.role, [agent]);
  }
  return Array.from(categories, ([category, roles]) => {
    const groups = Array.from(roles, ([role, list]) => ({ role, agents: list }));
    return { category, roles: groups, count: groups.reduce((sum, group) => sum + group.agents.length, 0) };
  });
}
