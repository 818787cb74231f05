import { TextDecoder, TextEncoder } from 'node:util';

// What jsdom lacks and React Router's data router needs. Import this first in a test file (the
// jest config is shared by every workspace, so there is no client-only setup file).

/** Just enough of the Fetch API's Request for client-side GET navigations. */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  readonly headers: Map<string, string>;

  constructor(input: string | URL | NavigationRequest, init: { method?: string; signal?: AbortSignal } = {}) {
    this.url = input instanceof NavigationRequest ? input.url : String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal ?? new AbortController().signal;
    this.headers = new Map();
  }
}

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.Request === 'undefined') Object.assign(globalThis, { Request: NavigationRequest });
