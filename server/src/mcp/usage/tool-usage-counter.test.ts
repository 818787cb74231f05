import { createLogger } from '@agentry/platform/log/logger';
import type { ToolWeekCalls } from '@agentry/platform/store/port';
import { toolCallsIn } from './tool-calls';
import { ToolUsageCounter } from './tool-usage-counter';

const logger = createLogger('silent', 'test');
const MONDAY_W47 = Date.parse('2026-11-16T08:00:00Z');

function counterWith(increment: (entries: ToolWeekCalls[]) => Promise<void>, now = () => MONDAY_W47) {
  return new ToolUsageCounter({ repository: { increment }, logger, now });
}

describe('MCP usage counter', () => {
  it('counts calls per tool and ISO week in memory, and writes them in one batch', async () => {
    const written: ToolWeekCalls[][] = [];
    let now = MONDAY_W47;
    const counter = counterWith(
      async (entries) => void written.push(entries),
      () => now,
    );
    counter.count('search_agents');
    counter.count('search_agents');
    counter.count('get_agent');
    now += 7 * 24 * 60 * 60 * 1000;
    counter.count('search_agents');
    expect(written).toEqual([]);
    expect(counter.pendingSince('2026-W48')).toEqual([{ week: '2026-W48', tool: 'search_agents', calls: 1 }]);

    await counter.flush();
    expect(written).toEqual([
      [
        { week: '2026-W47', tool: 'search_agents', calls: 2 },
        { week: '2026-W47', tool: 'get_agent', calls: 1 },
        { week: '2026-W48', tool: 'search_agents', calls: 1 },
      ],
    ]);
    expect(counter.pendingSince('2026-W01')).toEqual([]);
    await counter.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps the counts when the store refuses them, adding what came meanwhile, for the next flush', async () => {
    let fail = true;
    const written: ToolWeekCalls[][] = [];
    const counter = counterWith(async (entries) => {
      if (fail) throw new Error('store down');
      written.push(entries);
    });
    counter.count('list_roles');
    await counter.flush();
    counter.count('list_roles');
    expect(counter.pendingSince('2026-W47')).toEqual([{ week: '2026-W47', tool: 'list_roles', calls: 2 }]);
    fail = false;
    await counter.stop();
    expect(written).toEqual([[{ week: '2026-W47', tool: 'list_roles', calls: 2 }]]);
  });
});

describe('the tools a JSON-RPC body calls', () => {
  const known = ['search_agents', 'get_agent'];
  const call = (name: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });

  it('names each call of a known tool, in a batch too', () => {
    expect(toolCallsIn(call('search_agents'), known)).toEqual(['search_agents']);
    expect(toolCallsIn([call('get_agent'), call('get_agent')], known)).toEqual(['get_agent', 'get_agent']);
  });

  it('leaves out other methods, unknown or malformed names and bodies that are not messages', () => {
    expect(toolCallsIn({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, known)).toEqual([]);
    expect(toolCallsIn(call('drop_table'), known)).toEqual([]);
    expect(toolCallsIn(call(42), known)).toEqual([]);
    expect(toolCallsIn([null, 'x', { method: 'tools/call' }], known)).toEqual([]);
    expect(toolCallsIn(undefined, known)).toEqual([]);
  });
});
