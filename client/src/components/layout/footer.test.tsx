import '../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, renderWithRouter } from '../../testing/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('links to the page for AI assistants, next to the directory and the legal pages', async () => {
    const { router } = renderWithRouter(<Footer />);
    const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Directory', 'For AI assistants', 'How ranking works', 'Privacy', 'Terms']);
    await userEvent.click(within(nav).getByRole('link', { name: 'For AI assistants' }));
    expect(currentUrl(router)).toBe('/for-ai-assistants');
  });
});
