import '../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgentCard } from '../../components/agent-card/agent-card';
import { makeAgent } from '../../testing/agents';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { reportAgentClick } from './report-agent-click';

describe('reportAgentClick', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('sends the click as a beacon', () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const fetch = mockFetch([]);
    reportAgentClick('42');
    expect(sendBeacon).toHaveBeenCalledWith('/api/events', '{"type":"clicked","agent_id":"42"}');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch without cookies when there is no beacon or it is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const fetch = mockFetch([{ method: 'POST', path: '/api/events', status: 204 }]);
    reportAgentClick('42');
    expect(fetch).toHaveBeenCalledWith(
      '/api/events',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
  });

  it("is sent when a visitor follows an agent card's link to the agent's site", async () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    renderWithRouter(<AgentCard agent={makeAgent({ id: '7' })} onRoleSelect={() => {}} />);
    await userEvent.click(screen.getByRole('link', { name: /Use agent/ }));
    expect(sendBeacon).toHaveBeenCalledWith('/api/events', '{"type":"clicked","agent_id":"7"}');
  });
});
