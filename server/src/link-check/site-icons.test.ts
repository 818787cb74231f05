import { logoPath } from '@agentry/domain/logo-image';
import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { ICON_REFRESH_MS } from './link-checker';
import { setUpLinkCheckWorld } from './testing/link-check-world';

// The link checker takes the site's icon as the listing's logo (issue 25): against local sites and a
// local DNS server, a real (embedded) store and a clock the test moves (testing/link-check-world.ts).
// The checks of the sites themselves: link-checker.test.ts.

const world = setUpLinkCheckWorld(() => openSqliteStore(':memory:'));
const { agentAt, checker } = world;

describe('the link checker', () => {
  describe("the site's icon as the listing's logo (issue 25)", () => {
    const png = solidPng(32, 32);
    const page = (head: string) =>
      `<!doctype html><html><head>${head}<title>t</title></head><body>hi</body></html>`;
    const hashOf = async (id: string) => (await world.store.logos.logosOf([id]))[0]?.hash;

    it('takes the icon the page names, keeps it once for every listing of the site, and touches them', async () => {
      world.sites.set('iconic.test', {
        body: page(
          '<link rel="icon" type="image/svg+xml" href="/logo.svg"><link rel="apple-touch-icon" href="/touch.png">',
        ),
        assets: { '/touch.png': { type: 'image/png', body: png } },
      });
      const first = await agentAt('Iconic one', `${world.sites.origin('iconic.test')}/one`);
      const second = await agentAt('Iconic two', `${world.sites.origin('iconic.test')}/two`);
      const before = world.sites.requests.length;
      await checker().runOnce();
      const shown = (await world.store.agents.get(first.id))?.logo;
      expect(shown).toMatch(/^\/api\/logos\/[0-9a-f]{64}$/);
      expect((await world.store.agents.get(second.id))?.logo).toBe(shown);
      const stored = await world.store.logos.get(shown!.split('/').pop()!);
      expect(Buffer.from(stored!.bytes).equals(png)).toBe(true);
      expect(stored!.content_type).toBe('image/png');
      // The icon was fetched once for both pages; the SVG never.
      const paths = world.sites.requests
        .slice(before)
        .filter((r) => r.host === 'iconic.test')
        .map((r) => r.path);
      expect(paths.filter((path) => path === '/touch.png')).toHaveLength(1);
      expect(paths).not.toContain('/logo.svg');
      // Touched: the change log carries them, so the index reads the logo.
      const changes = await world.store.changes.since(0, 100);
      expect(changes.map((change) => change.agent_id)).toEqual(expect.arrayContaining([first.id, second.id]));
    });

    it('falls back to /favicon.ico and refuses what is no picture we keep: SVG, HTML, too large, too wide', async () => {
      world.sites.set('ico.test', { assets: { '/favicon.ico': { type: 'image/x-icon', body: png } } });
      world.sites.set('svg.test', {
        assets: {
          '/favicon.ico': {
            type: 'image/svg+xml',
            body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          },
        },
      });
      world.sites.set('html.test', {});
      const huge = Buffer.concat([png, Buffer.alloc(100_001)]);
      world.sites.set('huge.test', { assets: { '/favicon.ico': { type: 'image/png', body: huge } } });
      world.sites.set('wide.test', {
        assets: { '/favicon.ico': { type: 'image/png', body: solidPng(2000, 1) } },
      });
      const ico = await agentAt('Ico', `${world.sites.origin('ico.test')}/`);
      const refused = await Promise.all(
        ['svg', 'html', 'huge', 'wide'].map((name) =>
          agentAt(`Refused ${name}`, `${world.sites.origin(`${name}.test`)}/`),
        ),
      );
      await checker().runOnce();
      expect((await world.store.agents.get(ico.id))?.logo).toMatch(/^\/api\/logos\//);
      for (const agent of refused) expect((await world.store.agents.get(agent.id))?.logo).toBeNull();
    });

    it('looks for a found icon again only after ICON_REFRESH_MS, and shows a new one then', async () => {
      world.sites.set('refresh.test', { assets: { '/favicon.ico': { type: 'image/png', body: png } } });
      const agent = await agentAt('Refresh', `${world.sites.origin('refresh.test')}/`);
      await checker().runOnce();
      const first = await hashOf(agent.id);
      expect(first).toBeDefined();
      const newer = solidPng(32, 32, [0, 160, 0]);
      world.sites.set('refresh.test', { assets: { '/favicon.ico': { type: 'image/png', body: newer } } });
      const icons = () =>
        world.sites.requests.filter((r) => r.host === 'refresh.test' && r.path === '/favicon.ico').length;
      const fetched = icons();
      world.now += 24 * 3600_000;
      await checker().runOnce();
      expect(icons()).toBe(fetched);
      expect(await hashOf(agent.id)).toBe(first);
      world.now += ICON_REFRESH_MS;
      await checker().runOnce();
      expect(icons()).toBe(fetched + 1);
      expect(await hashOf(agent.id)).not.toBe(first);
      // The picture nobody shows any more is gone.
      expect(await world.store.logos.get(first!)).toBeNull();
    });

    it('never fetches an icon from a private address', async () => {
      world.dns.setAddress('intranet-icons.test', '10.0.0.8');
      world.sites.set('pointing.test', {
        body: page(`<link rel="icon" href="http://intranet-icons.test:${world.sites.port}/icon.png">`),
      });
      const agent = await agentAt('Pointing', `${world.sites.origin('pointing.test')}/`);
      const before = world.sites.requests.length;
      await checker().runOnce();
      expect(world.sites.requests.slice(before).some((r) => r.host === 'intranet-icons.test')).toBe(false);
      expect((await world.store.agents.get(agent.id))?.logo).toBeNull();
    });

    it("leaves a provider's upload alone and does not fetch the icon for it", async () => {
      world.sites.set('uploaded.test', { assets: { '/favicon.ico': { type: 'image/png', body: png } } });
      const agent = await agentAt('Uploaded', `${world.sites.origin('uploaded.test')}/`);
      const upload = solidPng(16, 16, [200, 0, 0]);
      await world.store.logos.set(agent.id, {
        hash: 'f'.repeat(64),
        content_type: 'image/png',
        bytes: upload,
        source: 'upload',
        at: new Date(world.now).toISOString(),
      });
      const before = world.sites.requests.length;
      await checker().runOnce();
      expect(world.sites.requests.slice(before).map((r) => r.path)).not.toContain('/favicon.ico');
      expect((await world.store.agents.get(agent.id))?.logo).toBe(logoPath('f'.repeat(64)));
      expect(await hashOf(agent.id)).toBe('f'.repeat(64));
    });
  });
});
