import { agentIdentityKey } from './agent';

describe('agentIdentityKey', () => {
  it('matches the same name and provider regardless of case, spacing and entities', () => {
    expect(agentIdentityKey(' Q&amp;A  Desk ', 'ACME')).toBe(agentIdentityKey('q&a desk', 'acme'));
  });
  it('tells apart two products that share a name', () => {
    expect(agentIdentityKey('Spell', 'spell.so')).not.toBe(agentIdentityKey('Spell', 'spellbook.legal'));
  });
});
