import { isMainThread, parentPort, workerData } from 'node:worker_threads';

// The thread of threadServerRenderer (server-render-thread.ts): loads the client's server bundle
// and Node's fetch module here, not on the thread that answers requests, then renders each page
// it is sent. Messages: in { id, url, view }; out { type: 'loaded', ok, error? } once, then
// { type: 'rendered', id, html } per page (html null when the page failed: the browser renders it).

type Render = (url: string, view: unknown) => Promise<string | null>;

export type RenderRequest = { id: number; url: string; view: unknown };
export type RenderReply =
  | { type: 'loaded'; ok: true }
  | { type: 'loaded'; ok: false; error: string }
  | { type: 'rendered'; id: number; html: string | null; error?: string };

const port = parentPort;
if (isMainThread || !port) throw new Error('server-render-worker-entry runs on a worker thread');

const { file } = workerData as { file: string };
let render: Render | null = null;
try {
  // Rendering makes a Request (the static router's query): Node loads its fetch module at the first one.
  void new Request('http://localhost/');
  // A file of the client's build, read at run time as index.html is: not a module of the server.
  render = (require(file) as { render: Render }).render;
  port.postMessage({ type: 'loaded', ok: true } satisfies RenderReply);
} catch (error) {
  port.postMessage({
    type: 'loaded',
    ok: false,
    error: error instanceof Error ? error.message : String(error),
  } satisfies RenderReply);
}

port.on('message', async ({ id, url, view }: RenderRequest) => {
  if (!render) {
    port.postMessage({ type: 'rendered', id, html: null } satisfies RenderReply);
    return;
  }
  try {
    const html = await render(`http://localhost${url}`, view);
    port.postMessage({ type: 'rendered', id, html } satisfies RenderReply);
  } catch (error) {
    port.postMessage({
      type: 'rendered',
      id,
      html: null,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
});
