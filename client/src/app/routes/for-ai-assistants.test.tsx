import '../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../testing/render';
import { Component as ForAiAssistantsRoute } from './for-ai-assistants';

const snippet = () =>
  screen.getByRole('figure', { name: 'MCP client configuration (JSON)' }).querySelector('pre')!;

describe('For AI assistants route', () => {
  it('builds the snippet on the origin the visitor is on, and sets the page’s title and description', () => {
    renderWithRouter(<ForAiAssistantsRoute />);
    expect(snippet().textContent).toContain(`"url": "${window.location.origin}/mcp"`);
    expect(document.title).toBe('For AI assistants: connect to Rolecall over MCP');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /MCP client/,
    );
  });
});
