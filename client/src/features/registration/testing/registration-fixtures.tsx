import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { RegisterAgentPage } from '../components/register-agent-page';

// The fake API and helpers the registration tests share.

export const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
export const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
export const FORM_DATA: FakeRoute[] = [
  CSRF,
  { path: '/api/categories', body: ['Finance', 'Customer Service'] },
  { path: '/api/roles?category=Finance', body: ['Accountant', 'Bookkeeper'] },
  { path: '/api/roles?category=Customer+Service', body: ['Customer Support Agent'] },
];

export function renderRegistration(routes: FakeRoute[], { me = SIGNED_OUT }: { me?: FakeRoute } = {}) {
  const fetchMock = mockFetch([me, ...routes]);
  const view = renderWithRouter(
    <AuthProvider>
      <RegisterAgentPage />
    </AuthProvider>,
    { url: '/register-agent', path: '/register-agent' },
  );
  return { ...view, fetchMock };
}

export const categorySelect = () => screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
export const roleSelect = () => screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;

export async function chooseCategory(name: string) {
  await screen.findByRole('option', { name });
  await userEvent.selectOptions(categorySelect(), name);
}

/**
 * Puts `text` into the field as one input (a click, then a paste): these tests are about sending
 * the form, and typing their ~110 characters key by key, each a render of the whole form, was most
 * of their time (the form's own tests type).
 */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Fills every field with an acceptable agent (Finance / Bookkeeper). */
export async function fillValidAgent(email = 'ada@example.com') {
  if (email) await enter(screen.getByLabelText(/^Email/), email);
  await enter(screen.getByLabelText('Name'), 'LedgerLark');
  await enter(screen.getByLabelText('Provider'), 'Quillstone Labs');
  await chooseCategory('Finance');
  await screen.findByRole('option', { name: 'Bookkeeper' });
  await userEvent.selectOptions(roleSelect(), 'Bookkeeper');
  await enter(screen.getByLabelText('Description'), 'Reconciles bank statements every night.');
  await enter(screen.getByLabelText('Cost'), '$20/month');
  await enter(screen.getByLabelText('Address'), 'ledgerlark.example');
}

export const submitButton = () => screen.getByRole('button', { name: /Register Agent|Registering/ });
