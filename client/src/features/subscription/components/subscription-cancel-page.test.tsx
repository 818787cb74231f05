import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../../testing/render';
import { SubscriptionCancelPage } from './subscription-cancel-page';

describe('SubscriptionCancelPage', () => {
  it('says no charges were made and the registration is still active, with the three ways on', () => {
    renderWithRouter(<SubscriptionCancelPage />, { url: '/subscription/cancel' });
    expect(screen.getByText(/No charges were made\. Your registration is still active/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/register-agent');
    expect(screen.getByRole('link', { name: 'Browse Agents' }).getAttribute('href')).toBe('/directory');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Checkout cancelled | Rolecall');
  });
});
