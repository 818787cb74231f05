import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN } from '../testing/admin-api';
import { makeAdminAgent } from '../testing/admin-fixtures';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const findAddForm = () => screen.findByRole('form', { name: 'Add New Agent' });

async function fillIn(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(within(form).getByLabelText(new RegExp(`^${label}`)), value);
  }
}

const COMPLETE = {
  Name: 'PayrollPal',
  Provider: 'Quillstone Labs',
  Category: 'Finance',
  Role: 'Payroll Clerk',
  Description: 'Runs payroll.',
  Cost: '$10/month',
  Address: 'payrollpal.example',
};

describe('Admin screen: Add New Agent', () => {
  it('names every missing required field and sends nothing', async () => {
    const { fetchMock } = renderAdmin();
    const form = await findAddForm();
    await fillIn(form, { Name: 'PayrollPal', Cost: 'Free' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add Agent' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please fill in all required fields: Provider, Category, Role, Description, Address',
    );
    // Focus goes to the first field to fix, which says what it lacks.
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Provider/));
    expect(within(form).getByText('Provider is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/agents')).toEqual([]);
  });

  it('adds the agent with https:// added to the address, then reads a fresh list', async () => {
    const created = makeAdminAgent({ id: 'a9', name: 'PayrollPal', address: 'https://payrollpal.example' });
    const { fetchMock } = renderAdmin([
      { method: 'POST', path: '/api/admin/agents', status: 201, body: { success: true, agent: created } },
    ]);
    const form = await findAddForm();
    await fillIn(form, COMPLETE);
    await userEvent.click(within(form).getByRole('button', { name: 'Add Agent' }));
    expect(await within(form).findByText('PayrollPal was added.')).toBeTruthy();
    const request = requestOf(fetchMock, 'POST', '/api/admin/agents');
    expect(request.headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
    expect(request.body).toEqual({
      name: 'PayrollPal',
      email: '',
      provider: 'Quillstone Labs',
      category: 'Finance',
      role: 'Payroll Clerk',
      description: 'Runs payroll.',
      cost: '$10/month',
      address: 'https://payrollpal.example',
    });
    // The form is empty again for the next one.
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/admin/agents?limit=100&offset=0')).toHaveLength(2),
    );
  });

  it("prefers the server's message, such as a duplicate's", async () => {
    renderAdmin([
      {
        method: 'POST',
        path: '/api/admin/agents',
        status: 409,
        body: { success: false, error: 'An agent named PayrollPal by Quillstone Labs already exists' },
      },
    ]);
    const form = await findAddForm();
    await fillIn(form, COMPLETE);
    await userEvent.click(within(form).getByRole('button', { name: 'Add Agent' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'An agent named PayrollPal by Quillstone Labs already exists',
    );
  });

  it("says 'Failed to add agent' when the server gives no reason", async () => {
    renderAdmin([{ method: 'POST', path: '/api/admin/agents', status: 500 }]);
    const form = await findAddForm();
    await fillIn(form, COMPLETE);
    await userEvent.click(within(form).getByRole('button', { name: 'Add Agent' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Failed to add agent');
  });

  it('suggests the known categories, and the roles of the category typed', async () => {
    const { fetchMock } = renderAdmin();
    const form = await findAddForm();
    const category = within(form).getByLabelText(/^Category/);
    const list = document.getElementById(category.getAttribute('list') ?? '');
    await waitFor(() => expect(list?.querySelectorAll('option')).toHaveLength(2));
    await userEvent.type(category, 'Finance');
    await userEvent.tab();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/roles?category=Finance')).toHaveLength(1));
  });
});
