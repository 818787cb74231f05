import '../../testing/dom-polyfills';
import { render, screen } from '@testing-library/react';
import { makeAgent } from '../../testing/agents';
import { TrustBadges } from './trust-badges';

// The trust signals a listing carries (issue 26): shown from what the site found, the rating only
// from RATING_SHOWN_FROM reviews.

describe('TrustBadges', () => {
  it('shows nothing for a listing with no signal', () => {
    const { container } = render(<TrustBadges agent={makeAgent()} />);
    expect(container.innerHTML).toBe('');
  });

  it('says which domain a verified provider proved', () => {
    render(<TrustBadges agent={makeAgent({ verified_domain: 'replyranch.example' })} />);
    expect(screen.getByText('Verified').textContent).toBe(
      '✓ Verified: its provider proved control of replyranch.example',
    );
  });

  it('shows the average and count from the third review, and not before', () => {
    const { rerender, container } = render(
      <TrustBadges agent={makeAgent({ rating_average: 4.5, rating_count: 2 })} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<TrustBadges agent={makeAgent({ rating_average: 4.333, rating_count: 3 })} />);
    expect(container.querySelector('.trust-badge--rating')?.textContent).toBe(
      '★ 4.3 out of 5, from (3 reviews)',
    );
  });

  it('warns when the site stopped answering', () => {
    render(<TrustBadges agent={makeAgent({ site_state: 'down', site_since: '2026-11-03T10:00:00.000Z' })} />);
    expect(screen.getByText(/Site unreachable/).textContent).toBe('Site unreachable since November 3, 2026');
  });
});
