import { createLogger } from '@agentry/platform/log/logger';
import { hashToken } from '../auth/one-time-tokens';
import { lastMail, tokenIn } from '../testing/mailbox';
import { startTestServer, type TestServer } from '../testing/test-server';
import { accountForm, agentForm, PASSWORD, Visitor } from '../testing/visitor';

// No answer and no log line carries a password, a password hash or a one-time token. The whole
// account journey runs with every log level on; then every answer and every log line is searched.

const NEW_PASSWORD = 'a completely new passphrase';

describe('secrets stay secret', () => {
  let server: TestServer;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    const logger = createLogger('trace', 'test', { write: (line: string) => logLines.push(line) });
    server = await startTestServer({}, { logger });
  });
  afterAll(() => server.stop());

  const keep = <T extends { text: string; headers: Record<string, unknown> }>(response: T) => {
    answers.push(response.text, JSON.stringify(response.headers));
    return response;
  };

  it('through registration, sign-up, checkout, e-mail links, sign-in and a password reset', async () => {
    const browser = new Visitor(server.running.url);
    keep(await browser.post('/api/agents', agentForm({ email: 'ada@example.com' })).expect(201));
    const created = keep(
      await browser.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201),
    );
    const checkout = keep(await browser.post(`/api/users/${created.body.user_id}/subscription`).expect(200));
    const sessionId = String(checkout.body.url).split('/').pop();
    keep(await browser.post(`/api/test-checkout/${sessionId}/pay`).expect(200));
    keep(await browser.post('/api/verify-session', { session_id: sessionId }).expect(200));
    keep(await browser.get('/api/users/subscription').expect(200));
    keep(await browser.get('/api/auth/me').expect(200));
    keep(await browser.post('/api/auth/logout').expect(200));
    keep(await browser.post('/api/auth/login', { email: 'ada@example.com', password: PASSWORD }).expect(200));
    keep(
      await browser.post('/api/auth/login', { email: 'ada@example.com', password: 'wrong one!' }).expect(401),
    );
    keep(await browser.post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200));
    // The reset mail goes out after the answer: waited for, not slept on.
    const verify = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'verify_email'),
      '/verify-email',
    );
    const reset = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'reset_password'),
      '/reset-password',
    );
    // The page a link opens is logged by the request log like any other.
    keep(await browser.get(`/reset-password?token=${reset}`));
    keep(await browser.post('/api/auth/verify-email', { token: verify }).expect(200));
    keep(
      await browser.post('/api/auth/reset-password', { token: reset, password: NEW_PASSWORD }).expect(200),
    );
    keep(await browser.get('/api/users/agents'));

    const hash = (await server.running.context.store.users.findByEmailWithSecret('ada@example.com'))!
      .password_hash;
    const secrets = {
      password: PASSWORD,
      'new password': NEW_PASSWORD,
      'password hash': hash.split('$').at(-1)!,
      'verification token': verify,
      'reset token': reset,
      'stored token hash': hashToken(reset),
    };
    const logs = logLines.join('\n');
    const bodies = answers.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, inLogs: logs.includes(secret), inAnswers: bodies.includes(secret) }).toEqual({
        name,
        inLogs: false,
        inAnswers: false,
      });
    }
  });
});
