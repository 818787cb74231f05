import type { Agent } from '@agentry/domain/agent';
import { AGENT_LIST_MAX, type AgentListOptions } from '../port';
import { touchOwnedAgents } from './with-provider-page-changes';

describe('touchOwnedAgents (issue 25)', () => {
  it('touches a provider with thousands of agents a bounded batch at a time, every one of them', async () => {
    const owned = Array.from({ length: 2 * AGENT_LIST_MAX + 7 }, (_, at) => ({ id: `a${at}` }) as Agent);
    const touches: string[][] = [];
    const agents = {
      async list({ limit = AGENT_LIST_MAX, offset = 0 }: AgentListOptions = {}) {
        return owned.slice(offset, offset + limit);
      },
      async touch(ids: string[]) {
        touches.push(ids);
        return ids.length;
      },
    };
    expect(await touchOwnedAgents(agents, 'owner')).toBe(owned.length);
    expect(touches.map((batch) => batch.length)).toEqual([AGENT_LIST_MAX, AGENT_LIST_MAX, 7]);
    expect(new Set(touches.flat()).size).toBe(owned.length);
  });

  it('reads once and touches nothing for a provider without agents', async () => {
    const list = jest.fn(async () => []);
    const touch = jest.fn(async () => 0);
    expect(await touchOwnedAgents({ list, touch }, 'owner')).toBe(0);
    expect(list).toHaveBeenCalledTimes(1);
    expect(touch).not.toHaveBeenCalled();
  });
});
