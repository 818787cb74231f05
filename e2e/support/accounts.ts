import path from 'node:path';
import { findLink, type OutboxMessage, readOutbox } from '@agentry/platform/mail/outbox-reader';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { type AppServer, PUBLIC_URL } from './app-server';
import { screenshot } from './e2e-app';

// Accounts for the browser tests: fresh addresses, accounts and agents made through the API (to set
// the scene quickly), the outbox read as a person would, and the registration form filled in the
// words of the screen.

export const PASSWORD = 'correct horse battery staple';

/** The staff account the server creates at start when given ADMIN_ENV. */
export const ADMIN = { username: 'staff', password: 'staff password 2026' };
/** The server's settings for it: setUpApp({ env: ADMIN_ENV }). */
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

let made = 0;
/** A fresh address for each test, so the tests of a file share nothing. */
export function uniqueEmail(label: string): string {
  made += 1;
  return `${label}-${Date.now().toString(36)}-${made}@example.com`;
}

/** A state change as the client sends it: the session's CSRF token read just before. */
export async function apiSend<T = Record<string, unknown>>(
  http: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  data?: object,
): Promise<T> {
  const token = ((await (await http.get('/api/csrf-token')).json()) as { csrf_token: string }).csrf_token;
  const response = await http.fetch(pathname, {
    method,
    headers: { 'X-CSRF-Token': token },
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok()) {
    throw new Error(`${method} ${pathname} answered ${response.status()}: ${JSON.stringify(body)}`);
  }
  return body as T;
}

export interface NewAccount {
  email: string;
  userType?: 'agent_provider' | 'employer';
  fullName?: string;
  organization?: string;
  password?: string;
  /** Pays the test checkout, so the subscription is active. */
  subscribed?: boolean;
}

/**
 * Creates an account through the API. With `http` (a page's `page.request`) the page's browser
 * context is signed in as it; without, a throwaway client is used and nobody stays signed in.
 */
export async function createAccount(
  server: AppServer,
  account: NewAccount,
  http?: APIRequestContext,
): Promise<{ userId: string }> {
  const client = http ?? (await request.newContext({ baseURL: server.url }));
  try {
    const created = await apiSend<{ user_id: string }>(client, 'POST', '/api/users', {
      email: account.email,
      password: account.password ?? PASSWORD,
      full_name: account.fullName ?? 'Ada Lovelace',
      organization: account.organization ?? 'Analytical Engines',
      phone: '',
      user_type: account.userType ?? 'agent_provider',
    });
    if (account.subscribed) {
      const { url } = await apiSend<{ url: string }>(
        client,
        'POST',
        `/api/users/${created.user_id}/subscription`,
      );
      const sessionId = url.split('/').pop()!;
      await apiSend(client, 'POST', `/api/test-checkout/${sessionId}/pay`);
    }
    return { userId: created.user_id };
  } finally {
    if (!http) await client.dispose();
  }
}

export interface AgentInput {
  email: string;
  name: string;
  provider?: string;
  category?: string;
  role?: string;
  description?: string;
  cost?: string;
  address?: string;
}

const agentDefaults = (agent: AgentInput) => ({
  provider: 'Quillstone Labs',
  category: 'Finance',
  role: 'Bookkeeper',
  description: 'Reconciles bank statements every night and flags odd payments.',
  cost: '$20/month',
  address: `${agent.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`,
  ...agent,
});

/** Registers an agent through the API as a signed-out visitor would (the free listing). */
export async function registerAgentByApi(server: AppServer, agent: AgentInput): Promise<void> {
  const client = await request.newContext({ baseURL: server.url });
  try {
    await apiSend(client, 'POST', '/api/agents', { newCategory: '', newRole: '', ...agentDefaults(agent) });
  } finally {
    await client.dispose();
  }
}

/** Fills the registration form at /register-agent: the category, then the role it lists. */
export async function fillAgentForm(page: Page, agent: AgentInput): Promise<void> {
  const full = agentDefaults(agent);
  const form = page.getByRole('form', { name: 'Register your agent' });
  const role = form.getByLabel('Role', { exact: true });
  await form.getByLabel(/^Email/).fill(full.email);
  await form.getByLabel('Name', { exact: true }).fill(full.name);
  await form.getByLabel('Provider', { exact: true }).fill(full.provider);
  await form.getByLabel('Category', { exact: true }).selectOption(full.category);
  // The role list loads for the category chosen (it is disabled until then).
  await role.selectOption(full.role);
  await form.getByLabel('Description', { exact: true }).fill(full.description);
  await form.getByLabel('Cost', { exact: true }).fill(full.cost);
  await form.getByLabel('Address', { exact: true }).fill(full.address);
}

/** Fills the account setup form (/account-setup) whose e-mail came from the registration. */
export async function fillAccountSetup(
  page: Page,
  account: { fullName?: string; password?: string; organization?: string; phone?: string } = {},
): Promise<void> {
  const form = page.getByRole('form', { name: 'Account setup' });
  await form.getByLabel('Full name').fill(account.fullName ?? 'Ada Lovelace');
  await form.getByLabel('Password', { exact: true }).fill(account.password ?? PASSWORD);
  await form.getByLabel('Organization').fill(account.organization ?? 'Analytical Engines');
  if (account.phone) await form.getByLabel(/^Phone/).fill(account.phone);
}

/** Signs in at /signin with the form and waits to leave the page. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

// The outbox (DATA_DIR/outbox): the newest message of a kind to an address, and its link.

/** The newest message of `kind` to `to`, waiting a little for sends in the background. */
export async function newestMail(
  server: AppServer,
  to: string,
  kind: string,
  // A hang's limit: on a busy machine a mail can take seconds to reach the outbox.
  timeoutMs = 20_000,
): Promise<OutboxMessage> {
  const started = Date.now();
  for (;;) {
    const mails = await readOutbox(path.join(server.context.config.dataDir, 'outbox'));
    const found = mails.filter((mail) => mail.to === to && mail.kind === kind).at(-1);
    if (found) return found;
    if (Date.now() - started > timeoutMs) {
      const seen = mails.map((mail) => `${mail.kind} to ${mail.to}`).join('; ') || 'none';
      throw new Error(`no ${kind} mail to ${to} within ${timeoutMs} ms (outbox: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The path and query of the link to `pathPrefix` in the newest `kind` mail to `to`: the mail's
 * links are on PUBLIC_URL, the tests open them on the test server.
 */
export async function linkInMail(
  server: AppServer,
  to: string,
  kind: string,
  pathPrefix: string,
): Promise<string> {
  const mail = await newestMail(server, to, kind);
  const link = findLink(mail.text, pathPrefix);
  if (!link) throw new Error(`no ${pathPrefix} link in the ${kind} mail to ${to}:\n${mail.text}`);
  const url = new URL(link);
  if (url.origin !== PUBLIC_URL) throw new Error(`the ${kind} link is on ${url.origin}, not ${PUBLIC_URL}`);
  return `${url.pathname}${url.search}`;
}

/** Document wider than the viewport (the page scrolls sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const scrolling = document.scrollingElement!;
    return { scrollWidth: scrolling.scrollWidth, clientWidth: scrolling.clientWidth };
  });

/**
 * A full-page screenshot (only with E2E_SCREENSHOTS) taken from the top: a full-page capture of a
 * scrolled page draws the sticky header where the viewport was, over the content.
 */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
