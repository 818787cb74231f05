/**
 * @jest-environment node
 */
import { createStaticHandler } from 'react-router-dom';
import { render } from './entry-server';

// The server renders pages in the API process, one after another under load: the route table is
// built once, not for every page (its building was a fifth of an agent page's rendering).
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual('react-router-dom');
  return { ...actual, createStaticHandler: jest.fn(actual.createStaticHandler) };
});

describe('server rendering', () => {
  it('builds the route table once for every page it renders', async () => {
    const built = (createStaticHandler as jest.Mock).mock.calls.length;
    const first = await render('http://localhost/privacy', { reads: {} });
    const second = await render('http://localhost/privacy', { reads: {} });
    expect(first).toMatch(/Privacy/);
    expect(second).toBe(first);
    expect((createStaticHandler as jest.Mock).mock.calls.length).toBe(built);
    expect(built).toBeLessThanOrEqual(1);
  });
});
