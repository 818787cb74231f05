import type { ApiKey } from '@agentry/platform/store/port';
import type { Request } from 'express';
import { FairTurns } from './fair-turns';
import { clientKey } from './rate-limits';
import { requestCosts, turnWaitOf } from './request-costs';

// Whose turn a unit of work takes: an employer API key's own when the request carries a valid one
// (two assistants behind one address queue apart), else the address's.

const key = (id: string): ApiKey => ({
  id,
  user_id: `owner-of-${id}`,
  name: id,
  prefix: 'agk_test',
  created_at: '2026-11-18T00:00:00.000Z',
  last_used_at: null,
});
const request = (ip: string, apiKey?: ApiKey) => ({ ip, apiKey, socket: {} }) as unknown as Request;

describe('the client a request is counted and queued as', () => {
  it('is the API key when the request carries a valid one, else the address', () => {
    expect(clientKey(request('203.0.113.5', key('7')))).toBe('api-key:7');
    expect(clientKey(request('198.51.100.9', key('7')))).toBe('api-key:7');
    expect(clientKey(request('203.0.113.5', key('8')))).toBe('api-key:8');
    expect(clientKey(request('203.0.113.5'))).toBe('203.0.113.5');
  });

  it('When one key has queued many units and another key behind the same address sends one, then that one runs second, not last', async () => {
    const costs = requestCosts({ chargeReads: () => (_req, _res, next) => next() }, new FairTurns());
    const order: string[] = [];
    const unit = (name: string) => async () => {
      order.push(name);
    };
    const heavy = request('203.0.113.5', key('heavy'));
    const other = request('203.0.113.5', key('other'));
    const runs = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((name) => costs.inTurn(heavy, unit(name)));
    runs.push(costs.inTurn(other, unit('o1')));
    await Promise.all(runs);
    expect(order).toEqual(['h1', 'o1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  });
});

describe('the time a unit waits for its turn', () => {
  it('When units wait for their turns, then the request keeps their waits, summed, for its Server-Timing', async () => {
    const clock = [10, 35, 40, 52];
    const costs = requestCosts(
      { chargeReads: () => (_req, _res, next) => next() },
      new FairTurns(),
      () => clock.shift()!,
    );
    const req = { ip: '203.0.113.5', socket: {}, res: { locals: {} } } as unknown as Request;
    // Asked at 10, started at 35; asked at 40, started at 52.
    await costs.inTurn(req, async () => 'first');
    await costs.inTurn(req, async () => 'second');
    expect(turnWaitOf(req)).toBe(37);
  });

  it('is unknown for a request that took no turn (a kept answer)', () => {
    const req = { ip: '203.0.113.5', socket: {}, res: { locals: {} } } as unknown as Request;
    expect(turnWaitOf(req)).toBeUndefined();
  });
});
