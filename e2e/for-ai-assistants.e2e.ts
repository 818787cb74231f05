import { PUBLIC_URL } from './support/app-server';
import { seriousViolations } from './support/axe';
import { screenshot, setUpApp } from './support/e2e-app';

// Discovery for AI assistants: the footer's link to the page that tells how to connect an MCP
// client, its copy-ready snippet on the visitor's origin, and /.well-known/mcp.json for programs.

const HEADING = { level: 1, name: 'For AI assistants' } as const;

describe('For AI assistants', () => {
  const app = setUpApp();

  it('is reached from the home page’s footer and gives a snippet for this site’s /mcp, copied by its button', async () => {
    const page = await app().open('/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('footer.site-footer').getByRole('link', { name: 'For AI assistants' }).click();
    await page.getByRole('heading', HEADING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/for-ai-assistants');
    expect(await page.title()).toBe('For AI assistants: connect to Rolecall over MCP');

    const snippet = page.locator('pre.config-snippet__code');
    const text = (await snippet.textContent()) ?? '';
    expect(JSON.parse(text)).toEqual({ mcpServers: { rolecall: { url: `${app().server.url}/mcp` } } });

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await screenshot(page, 'for-ai-assistants-copied-1280');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

    const api = page.getByRole('link', { name: 'the API description (OpenAPI)' });
    expect(await api.getAttribute('href')).toBe('/api/openapi.yaml');
    expect((await page.request.get('/api/openapi.yaml')).status()).toBe(200);
  });

  it('serves /.well-known/mcp.json to scripts of any origin, pointing at the public /mcp', async () => {
    const page = await app().open('/for-ai-assistants');
    const discovery = await page.evaluate(async () => {
      const response = await fetch('/.well-known/mcp.json');
      return { status: response.status, body: await response.json() };
    });
    expect(discovery).toMatchObject({
      status: 200,
      body: {
        transport: { type: 'streamable-http', endpoint: `${PUBLIC_URL}/mcp` },
        links: { documentation: `${PUBLIC_URL}/for-ai-assistants` },
      },
    });
    const response = await fetch(`${app().server.url}/.well-known/mcp.json`, {
      headers: { Origin: 'https://assistant.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each([
    ['desktop', 1280],
    ['phone', 360],
  ])('fits a %s screen (%i px) with no serious accessibility issue', async (name, width) => {
    const page = await app().open('/for-ai-assistants', { width, height: 800, bypassCSP: true });
    await page.getByRole('heading', HEADING).waitFor();
    // Nothing wider than the screen: a long line of the snippet wraps.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `for-ai-assistants-${name}-${width}`);
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    await copy.focus();
    await screenshot(page, `for-ai-assistants-${name}-${width}-copy-focused`);
  });
});
