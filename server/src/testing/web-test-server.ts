import { createFakeClientDist } from './fake-client-dist';
import { startTestServer, type TestServer } from './test-server';

// The real server with a fake client build and a public origin unlike the one it listens on, so
// tests can tell that links are built on PUBLIC_URL.

export const PUBLIC_URL = 'https://agentry.example';

export async function startWebTestServer(
  options: { serverRender?: boolean; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dist = createFakeClientDist(options);
  const server = await startTestServer({ PUBLIC_URL, ...options.env }, { clientDist: dist.dir });
  return {
    ...server,
    async stop() {
      await server.stop();
      dist.remove();
    },
  };
}

/** The content of `<meta name|property="key">` in raw HTML (attributes as renderHeadTags writes them). */
export function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

export function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" id="structured-data">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD block in the page');
  return JSON.parse(match[1]!);
}

export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
}
