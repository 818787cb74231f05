import { logoPath } from '@agentry/domain/logo-image';
import { LOGO_BATCH_MAX, type Store, type StoredLogo } from '../port';
import { agentInput } from './fixtures';

// Agent logos' part of the store contract (issue 25), run by describeStoreContract against every
// adapter: a picture is kept once under its hash and read back byte for byte, an upload is never
// replaced by the site's icon, a picture nobody shows is deleted, and every agent read carries the
// address of the logo it shows.

const AT = '2026-11-28T03:00:00.000Z';

const picture = (hash: string, fill: number): StoredLogo => ({
  hash: hash.repeat(64).slice(0, 64),
  content_type: 'image/png',
  bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, fill, 0, 255, 1]),
});

export function describeLogosContract(store: () => Store): void {
  describe('agent logos', () => {
    it('keeps a picture byte for byte and gives the agent its address', async () => {
      const agent = await store().agents.create(agentInput());
      expect((await store().agents.get(agent.id))?.logo).toBeNull();
      const icon = picture('a', 7);
      expect(await store().logos.set(agent.id, { ...icon, source: 'site', at: AT })).toBe(true);
      const read = await store().logos.get(icon.hash);
      expect(read?.content_type).toBe('image/png');
      expect([...(read?.bytes ?? [])]).toEqual([...icon.bytes]);
      expect((await store().agents.get(agent.id))?.logo).toBe(logoPath(icon.hash));
      expect((await store().agents.list({}))[0]?.logo).toBe(logoPath(icon.hash));
      expect(await store().logos.logosOf([agent.id, agent.id, 'no-such-id'])).toEqual([
        expect.objectContaining({ agent_id: agent.id, hash: icon.hash, source: 'site', updated_at: AT }),
      ]);
      expect(await store().logos.get('b'.repeat(64))).toBeNull();
    });

    it('answers false when the same picture comes again, and dates it anew', async () => {
      const agent = await store().agents.create(agentInput());
      const icon = picture('a', 7);
      await store().logos.set(agent.id, { ...icon, source: 'site', at: AT });
      const later = '2026-12-05T03:00:00.000Z';
      expect(await store().logos.set(agent.id, { ...icon, source: 'site', at: later })).toBe(false);
      expect((await store().logos.logosOf([agent.id]))[0]?.updated_at).toBe(later);
    });

    it('never lets the site icon replace an upload, and keeps the icon apart when the upload goes', async () => {
      const agent = await store().agents.create(agentInput());
      const uploaded = picture('c', 1);
      await store().logos.set(agent.id, { ...uploaded, source: 'upload', at: AT });
      expect(await store().logos.set(agent.id, { ...picture('d', 2), source: 'site', at: AT })).toBe(false);
      expect((await store().agents.get(agent.id))?.logo).toBe(logoPath(uploaded.hash));
      expect(await store().logos.get('d'.repeat(64))).toBeNull();
      // Taking back a site icon leaves the upload alone; taking back the upload removes it.
      expect(await store().logos.clear(agent.id, 'site')).toBe(false);
      expect(await store().logos.clear(agent.id, 'upload')).toBe(true);
      expect((await store().agents.get(agent.id))?.logo).toBeNull();
      expect(await store().logos.clear(agent.id)).toBe(false);
    });

    it('shares one picture between agents and deletes it once none shows it', async () => {
      const first = await store().agents.create(agentInput({ name: 'First' }));
      const second = await store().agents.create(agentInput({ name: 'Second' }));
      const shared = picture('e', 3);
      await store().logos.set(first.id, { ...shared, source: 'site', at: AT });
      await store().logos.set(second.id, { ...shared, source: 'site', at: AT });
      // The first moves to a new picture: the shared one stays for the second.
      expect(await store().logos.set(first.id, { ...picture('f', 4), source: 'upload', at: AT })).toBe(true);
      expect(await store().logos.get(shared.hash)).not.toBeNull();
      await store().logos.clear(second.id);
      expect(await store().logos.get(shared.hash)).toBeNull();
      await store().logos.clear(first.id);
      expect(await store().logos.get('f'.repeat(64))).toBeNull();
    });

    it('reads at most LOGO_BATCH_MAX agents in one call', async () => {
      const agent = await store().agents.create(agentInput());
      await store().logos.set(agent.id, { ...picture('a', 7), source: 'site', at: AT });
      const ids = [...Array.from({ length: LOGO_BATCH_MAX }, (_, i) => `missing-${i}`), agent.id];
      expect(await store().logos.logosOf(ids)).toEqual([]);
      expect(await store().logos.logosOf([])).toEqual([]);
    });
  });
}
