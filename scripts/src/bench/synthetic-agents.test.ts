import { validateAgentRecord } from '@agentry/domain/agent-rules';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

describe('synthetic agents', () => {
  it('are valid agents with unique names, the same for the same seed', () => {
    const agents = [...syntheticAgents(500)];
    expect(agents.filter((agent) => !validateAgentRecord(agent).ok)).toEqual([]);
    expect(new Set(agents.map((agent) => agent.name)).size).toBe(500);
    expect([...syntheticAgents(3)]).toEqual(agents.slice(0, 3));
  });

  it('come with multi-word use-case queries', () => {
    const queries = useCaseQueries(50);
    expect(queries.every((query) => query.split(' ').length >= 3)).toBe(true);
    expect(new Set(queries).size).toBeGreaterThan(40);
  });
});
