import { type ApiProcess, startApiProcess } from '../testing/api-process';

// The API as production starts it with two workers (WEB_CONCURRENCY=2, the cluster supervisor
// handing connections out in turn): a client whose sign-in guesses land on both workers meets one
// limit, counted in the SQLite store of their shared DATA_DIR.

// Room for a start under load (up to 90 s, see api-process.ts).
jest.setTimeout(150_000);

describe('rate limits under WEB_CONCURRENCY=2', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApiProcess({
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '4',
    });
  });
  afterAll(() => api?.cleanUp());

  it('When sign-in guesses are spread over both workers, then the fifth gets 429', async () => {
    const statuses: number[] = [];
    const workers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      // A new connection each time, so the supervisor's round robin alternates the workers.
      const token = await fetch(`${api.base}/api/csrf-token`, { headers: { Connection: 'close' } });
      const cookie = token.headers.getSetCookie()[0]!.split(';')[0]!;
      const { csrf_token } = (await token.json()) as { csrf_token: string };
      const response = await fetch(`${api.base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: cookie,
          'X-CSRF-Token': csrf_token,
          Connection: 'close',
        },
        body: JSON.stringify({ email: `guess${i}@example.com`, password: 'not the password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Both workers answered some of the guesses: their request log lines name two processes.
    // Until the six are logged; the deadline only ends a hang (5 s was little on two busy cores).
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const answered = api.logs().filter((line) => line.msg === 'request' && line.url === '/api/auth/login');
      for (const line of answered) workers.add(String(line.pid));
      if (answered.length === 6) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(workers.size).toBe(2);
  });
});
