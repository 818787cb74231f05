import type { PublicAgent } from './agent';
import { EMPTY_PROFILE } from './agent-profile';
import { comparisonCsv } from './comparison-csv';

const agent = (overrides: Partial<PublicAgent> = {}): PublicAgent => ({
  id: '1',
  name: 'Ticketwise',
  provider: 'Inkpond',
  category: 'Customer Service',
  role: 'Support Agent',
  description: 'Answers "where is my order", fast.',
  cost: '$29/month',
  address: 'https://ticketwise.example',
  pricing: 'paid',
  price_monthly: 29,
  ...overrides,
});

describe('comparisonCsv', () => {
  it('writes one column per agent, quotes what needs it, marks differences and gaps', () => {
    const csv = comparisonCsv([
      { ...agent(), profile: { ...EMPTY_PROFILE, languages: ['en', 'es'], free_trial: true } },
      { ...agent({ id: '2', name: 'Deskmate', cost: '=HYPERLINK("x")' }), profile: EMPTY_PROFILE },
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Fact,Ticketwise,Deskmate,Differs');
    expect(lines).toContain('Category,Customer Service,Customer Service,no');
    expect(lines).toContain(`Cost,$29/month,"'=HYPERLINK(""x"")",yes`);
    expect(lines).toContain(
      'Description,"Answers ""where is my order"", fast.","Answers ""where is my order"", fast.",no',
    );
    expect(lines).toContain('Languages,"English, Spanish",Not stated,yes');
    expect(lines).toContain('Free trial,Yes,Not stated,yes');
    expect(lines).toContain('MCP server,Not stated,Not stated,no');
  });

  it('reads an agent without a profile as stating nothing', () => {
    expect(comparisonCsv([agent(), agent({ id: '2' })])).toContain('Deployment,Not stated,Not stated,no');
  });
});
