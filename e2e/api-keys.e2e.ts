import { callTool, connectMcp, textOf } from '@agentry/server/testing/mcp-client';
import type { Page } from 'playwright-core';
import { createAccount, horizontalOverflow, screenshotFromTop, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// Employer API keys, end to end (issue 21): a subscribed employer creates a key in the employer
// dashboard; it is shown once, and an MCP client (the official SDK) uses it for compare_agents; it
// is listed by its first characters only, also after a reload; revoked in the dashboard, the next
// call with it is refused. Checked at 1280 and 360 pixels wide.

const setUp = setUpApp();
const panel = (page: Page) => page.getByRole('region', { name: /^API keys/ });

async function signedInEmployer(page: Page): Promise<void> {
  const server = setUp().server;
  await createAccount(
    server,
    {
      email: uniqueEmail('keys'),
      userType: 'employer',
      fullName: 'Edda Lindqvist',
      organization: 'Harbourlight Freight',
      subscribed: true,
    },
    page.request,
  );
}

/** Two listed agents of the demo catalog, by id. */
async function twoAgents(page: Page): Promise<[string, string]> {
  const found = (await (await page.request.get('/api/search?query=bookkeeping&limit=2')).json()) as Array<{
    id: string;
  }>;
  return [found[0]!.id, found[1]!.id];
}

describe('Employer API keys', () => {
  it('are created in the dashboard, shown once, used by an MCP client for compare_agents, and revoked', async () => {
    const page = await setUp().newPage({ width: 1280, height: 900, bypassCSP: true });
    await signedInEmployer(page);
    await page.goto('/employer-dashboard');
    await panel(page).getByRole('heading', { level: 2, name: 'API keys (0 of 10)' }).waitFor();
    await panel(page).getByText('No keys yet.').waitFor();

    await panel(page).getByLabel('Name of a new key').fill('Claude Desktop');
    await panel(page).getByRole('button', { name: 'Create key' }).click();
    const notice = page.getByRole('region', { name: 'Your new key Claude Desktop' });
    await notice.waitFor();
    const key = (await notice.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
    await notice.getByText('Copy it now: it will not be shown again.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('heading', { level: 2, name: 'API keys (1 of 10)' }).waitFor();
    await screenshotFromTop(page, 'api-keys-01-created-1280');

    // The key at work: the SDK's client, with the key as its bearer token, compares two agents.
    const mcpUrl = `${setUp().server.url}/mcp`;
    const client = await connectMcp(mcpUrl, { apiKey: key });
    const [a, b] = await twoAgents(page);
    const compared = await callTool(client, 'compare_agents', { ids: [a, b] });
    expect(compared.isError).toBeFalsy();
    expect(textOf(compared)).toMatch(/^Comparing /);

    // Shown once: gone when dismissed, and never in the page again (the server keeps its hash).
    await notice.getByRole('button', { name: 'I have copied it' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    const item = panel(page).getByRole('article', { name: 'Claude Desktop' });
    await item.waitFor();
    await item.getByText(key.slice(0, 12)).waitFor();
    expect(await page.content()).not.toContain(key);

    await item.getByRole('button', { name: 'Revoke Claude Desktop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke Claude Desktop?' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await panel(page).getByText('Claude Desktop was revoked.').waitFor();
    await panel(page).getByText('No keys yet.').waitFor();
    await screenshotFromTop(page, 'api-keys-02-revoked-1280');

    // The next call with the revoked key is refused.
    await expect(callTool(client, 'compare_agents', { ids: [a, b] })).rejects.toThrow(/not valid/);
    await client.close();
  });

  it('fits a 360-pixel phone: the new key wraps inside the panel', async () => {
    const page = await setUp().newPage({ width: 360, height: 800 });
    await signedInEmployer(page);
    await page.goto('/employer-dashboard');
    await panel(page).getByLabel('Name of a new key').fill('Nightly report on the warehouse server');
    await panel(page).getByRole('button', { name: 'Create key' }).click();
    const notice = page.getByRole('region', { name: /^Your new key/ });
    await notice.waitFor();
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    const box = (await notice.getByTestId('new-api-key').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await screenshotFromTop(page, 'api-keys-03-created-360');
  });
});
