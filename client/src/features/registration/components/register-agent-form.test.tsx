import '../../../testing/dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls } from '../../../testing/mock-fetch';
import {
  CSRF,
  categorySelect,
  chooseCategory,
  FORM_DATA,
  renderRegistration,
  roleSelect,
  submitButton,
} from '../testing/registration-fixtures';

describe('Registration form: category and role', () => {
  it('keeps the role list disabled until a category is chosen, then lists its roles and Other', async () => {
    const { fetchMock } = renderRegistration(FORM_DATA);
    expect(roleSelect().disabled).toBe(true);
    await chooseCategory('Finance');
    await waitFor(() => expect(roleSelect().disabled).toBe(false));
    const roleNames = Array.from(roleSelect().options).map((option) => option.value);
    expect(roleNames).toEqual(['', 'Accountant', 'Bookkeeper', 'other']);
    expect(calls(fetchMock)).toContain('GET /api/roles?category=Finance');
  });

  it('reloads the roles and clears the chosen role whenever the category changes', async () => {
    const { fetchMock } = renderRegistration(FORM_DATA);
    await chooseCategory('Finance');
    await screen.findByRole('option', { name: 'Bookkeeper' });
    await userEvent.selectOptions(roleSelect(), 'Bookkeeper');
    await userEvent.selectOptions(categorySelect(), 'Customer Service');
    expect(roleSelect().value).toBe('');
    expect(await screen.findByRole('option', { name: 'Customer Support Agent' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Bookkeeper' })).toBeNull();
    await userEvent.selectOptions(categorySelect(), 'Finance');
    await screen.findByRole('option', { name: 'Bookkeeper' });
    expect(calls(fetchMock).filter((call) => call === 'GET /api/roles?category=Finance')).toHaveLength(2);
  });

  it("asks for a new category and a new role when the category is 'other', the role list being just Other", async () => {
    renderRegistration(FORM_DATA);
    await chooseCategory('Other');
    expect(Array.from(roleSelect().options).map((option) => option.value)).toEqual(['other']);
    expect(roleSelect().disabled).toBe(false);
    await userEvent.click(submitButton());
    expect(screen.getByText('New category is required')).toBeTruthy();
    expect(screen.getByText('New role is required')).toBeTruthy();
    expect(screen.getByLabelText('New category').getAttribute('aria-describedby')).toContain(
      'register-newCategory-error',
    );
  });

  it("asks for a new role when the role is 'other'", async () => {
    renderRegistration(FORM_DATA);
    await chooseCategory('Finance');
    await screen.findByRole('option', { name: 'Bookkeeper' });
    expect(screen.queryByLabelText('New role')).toBeNull();
    await userEvent.selectOptions(roleSelect(), 'Other');
    await userEvent.click(submitButton());
    expect(screen.getByText('New role is required')).toBeTruthy();
  });

  it('offers the listed category for a typed slip, and one click chooses it with its roles', async () => {
    const { fetchMock } = renderRegistration(FORM_DATA);
    await chooseCategory('Other');
    await userEvent.type(screen.getByLabelText('New category'), 'Finanse');
    const hint = document.getElementById('register-newCategory-hint');
    expect(hint?.textContent).toBe('Did you mean Finance? Choose it, or name another category.');
    await userEvent.click(screen.getByRole('button', { name: 'Finance' }));
    expect(categorySelect().value).toBe('Finance');
    expect(screen.queryByLabelText('New category')).toBeNull();
    expect(await screen.findByRole('option', { name: 'Bookkeeper' })).toBeTruthy();
    expect(calls(fetchMock)).toContain('GET /api/roles?category=Finance');
  });

  it("offers the category's listed role for a typed slip, and one click picks it in the list", async () => {
    renderRegistration(FORM_DATA);
    await chooseCategory('Finance');
    await screen.findByRole('option', { name: 'Bookkeeper' });
    await userEvent.selectOptions(roleSelect(), 'Other');
    await userEvent.type(screen.getByLabelText('New role'), 'Bookeeper');
    await userEvent.click(screen.getByRole('button', { name: 'Bookkeeper' }));
    expect(roleSelect().value).toBe('Bookkeeper');
    expect(screen.queryByLabelText('New role')).toBeNull();
  });

  it("says 'Failed to load roles for selected category' when the roles cannot be loaded, leaving Other", async () => {
    renderRegistration([
      ...FORM_DATA.filter((route) => route.path !== '/api/roles?category=Finance'),
      { path: '/api/roles?category=Finance', status: 500, body: {} },
    ]);
    await chooseCategory('Finance');
    expect(await screen.findByText('Failed to load roles for selected category')).toBeTruthy();
    expect(Array.from(roleSelect().options).map((option) => option.value)).toEqual(['', 'other']);
  });
});

describe('Registration form: loading', () => {
  it("says 'Failed to load form data. Please refresh the page.' when the categories fail", async () => {
    renderRegistration([CSRF, { path: '/api/categories', status: 500, body: {} }]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load form data. Please refresh the page.',
    );
  });

  it("says 'Failed to load form data. Please refresh the page.' when no CSRF token can be had", async () => {
    renderRegistration([
      { path: '/api/csrf-token', networkError: true },
      { path: '/api/categories', body: ['Finance'] },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load form data. Please refresh the page.',
    );
  });

  it("prefills a signed-in person's e-mail", async () => {
    renderRegistration(FORM_DATA, {
      me: {
        path: '/api/auth/me',
        body: {
          success: true,
          user: { id: 'u1', email: 'ada@example.com', full_name: 'Ada', organization: 'A' },
          user_type: 'agent_provider',
        },
      },
    });
    await waitFor(() =>
      expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com'),
    );
  });
});

describe('Registration form: checks before sending', () => {
  it("shows the spec's messages under the fields, focuses the first and sends nothing", async () => {
    const { fetchMock } = renderRegistration(FORM_DATA);
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada-at-example');
    await userEvent.type(screen.getByLabelText('Address'), 'not a url');
    await userEvent.click(submitButton());
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    // The role list stays disabled until a category is chosen: it is not marked wrong meanwhile.
    expect(screen.queryByText('Role is required')).toBeNull();
    expect(roleSelect().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Invalid URL format')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock)).not.toContain('POST /api/agents');
  });

  it("says 'Role is required' at the role once a category is chosen", async () => {
    renderRegistration(FORM_DATA);
    await chooseCategory('Finance');
    await waitFor(() => expect(roleSelect().disabled).toBe(false));
    await userEvent.click(submitButton());
    expect(screen.getByText('Role is required')).toBeTruthy();
    expect(roleSelect().getAttribute('aria-invalid')).toBe('true');
  });

  it('strips quotes, semicolons and markup from typed text, but not from the e-mail', async () => {
    renderRegistration(FORM_DATA);
    await userEvent.type(screen.getByLabelText('Name'), `Ledger "Lark"; it's`);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ledger Lark its');
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste('Books <script>alert(1)</script>nightly');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Books nightly');
    await userEvent.type(screen.getByLabelText(/^Email/), "o'neil@example.com");
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("o'neil@example.com");
  });

  it('mentions that the first agent is free and links the terms and the privacy policy', async () => {
    renderRegistration(FORM_DATA);
    await screen.findByRole('option', { name: 'Finance' });
    expect(screen.getByText(/Your first agent is listed free/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});
