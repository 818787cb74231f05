import { EMPTY_PROFILE, PROFILE_MESSAGES } from '@agentry/domain/agent-profile';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgentFactsForm } from './agent-facts-form';

// The structured profile's form: the shared rules stop a mistake before anything is sent, and
// what it sends is the profile as ticked and typed.

describe('AgentFactsForm', () => {
  it('shows the shared message and sends nothing when a price has no currency or period', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<AgentFactsForm idPrefix="t" initial={EMPTY_PROFILE} onSubmit={onSubmit} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Starting price'), '29');
    await userEvent.click(screen.getByRole('button', { name: 'Save and confirm profile' }));
    expect(await screen.findByText(PROFILE_MESSAGES.priceNeedsCurrency)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the ticked choices, the typed integrations and one task a line; staff alone see the verified marks', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(
      <AgentFactsForm
        idPrefix="t"
        initial={{ ...EMPTY_PROFILE, certifications: ['soc2'] }}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Certifications verified by staff' })).toBeNull();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Integrations' })).getByLabelText('Slack'),
    );
    await userEvent.type(screen.getByLabelText('Other integrations'), 'Acme CRM, Beta Desk');
    await userEvent.click(within(screen.getByRole('group', { name: 'Languages' })).getByLabelText('Spanish'));
    await userEvent.type(screen.getByLabelText('Tasks'), 'Answer tickets, fast{enter}Draft replies');
    await userEvent.click(screen.getByRole('button', { name: 'Save and confirm profile' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      integrations: ['Slack', 'Acme CRM', 'Beta Desk'],
      languages: ['es'],
      certifications: ['soc2'],
      tasks: ['Answer tickets, fast', 'Draft replies'],
    });
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('certifications_verified');
  });
});
