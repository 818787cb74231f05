import '../../testing/dom-polyfills';
import { fireEvent, render, screen } from '@testing-library/react';
import { AgentLogo } from './agent-logo';

const LOGO = `/api/logos/${'a'.repeat(64)}`;

describe('AgentLogo', () => {
  it('shows the picture we serve, decorative beside the name and named when alone', () => {
    const { container, rerender } = render(<AgentLogo name="InboxPilot" logo={LOGO} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(LOGO);
    expect(img.getAttribute('alt')).toBe('');
    rerender(<AgentLogo name="InboxPilot" logo={LOGO} labelled />);
    expect(screen.getByRole('img', { name: 'Logo of InboxPilot' }).getAttribute('src')).toBe(LOGO);
  });

  it('shows the initials when there is no logo, or the picture fails to load: never a broken image', () => {
    const { container, rerender } = render(<AgentLogo name="Q&A desk pro" logo={null} labelled />);
    expect(screen.getByRole('img', { name: 'Logo of Q&A desk pro' }).textContent).toBe('QA');
    rerender(<AgentLogo name="Ledger Lark" logo={LOGO} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('LL');
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
