import { type AgentProfile, EMPTY_PROFILE } from '@agentry/domain/agent-profile';
import { PROFILE_BATCH_MAX, type Store } from '../port';
import { agentInput } from './fixtures';

// Structured profiles' part of the store contract (issue 28), run by describeStoreContract against
// every adapter: a profile is kept whole (lists, nulls, booleans, numbers), replaced by the next
// save, and read one or many at a time.

const stated: AgentProfile = {
  ...EMPTY_PROFILE,
  pricing_model: 'subscription',
  starting_price: 29.5,
  currency: 'USD',
  billing_period: 'month',
  free_trial: true,
  trial_days: 14,
  deployment: ['cloud', 'self_hosted'],
  integrations: ['Slack', 'Acme CRM'],
  languages: ['en', 'es'],
  data_residency: ['eu'],
  certifications: ['soc2', 'gdpr'],
  certifications_verified: ['soc2'],
  api_available: true,
  mcp_available: false,
  tasks: ['Answer tickets'],
  confirmed_at: '2026-11-27',
};

export function describeProfilesContract(store: () => Store): void {
  describe('agent profiles', () => {
    it('answers null for an agent whose profile was never saved', async () => {
      const agent = await store().agents.create(agentInput());
      expect(await store().profiles.get(agent.id)).toBeNull();
      expect(await store().profiles.getMany([agent.id])).toEqual([]);
    });

    it('keeps a profile whole and replaces it on the next save', async () => {
      const agent = await store().agents.create(agentInput());
      const saved = await store().profiles.save(agent.id, stated);
      expect(saved).toMatchObject({ agent_id: agent.id, profile: stated });
      expect(await store().profiles.get(agent.id)).toEqual(saved);

      const cleared = await store().profiles.save(agent.id, { ...EMPTY_PROFILE, languages: ['fr'] });
      expect((await store().profiles.get(agent.id))?.profile).toEqual({
        ...EMPTY_PROFILE,
        languages: ['fr'],
      });
      expect(Date.parse(cleared.updated_at)).toBeGreaterThanOrEqual(Date.parse(saved.updated_at));
    });

    it('reads many at once, each id once, skipping agents without a profile', async () => {
      const first = await store().agents.create(agentInput({ name: 'First' }));
      const second = await store().agents.create(agentInput({ name: 'Second' }));
      const bare = await store().agents.create(agentInput({ name: 'Bare' }));
      await store().profiles.save(first.id, stated);
      await store().profiles.save(second.id, EMPTY_PROFILE);
      const many = await store().profiles.getMany([first.id, second.id, bare.id, first.id, 'no-such-id']);
      expect(many.map((entry) => entry.agent_id).sort()).toEqual([first.id, second.id].sort());
      expect(many.find((entry) => entry.agent_id === second.id)?.profile).toEqual(EMPTY_PROFILE);
      expect(await store().profiles.getMany([])).toEqual([]);
    });

    it('reads at most PROFILE_BATCH_MAX ids in one call', async () => {
      const agent = await store().agents.create(agentInput());
      await store().profiles.save(agent.id, stated);
      const ids = [...Array.from({ length: PROFILE_BATCH_MAX }, (_, i) => `missing-${i}`), agent.id];
      expect(await store().profiles.getMany(ids)).toEqual([]);
    });
  });
}
