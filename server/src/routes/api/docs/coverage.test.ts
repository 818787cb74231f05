import fs from 'node:fs';
import { createApp } from '../../../app';
import { type RoutesLister, registeredRoutes } from '../../../testing/registered-routes';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { OPENAPI_FILE } from './docs.routes';

// Keeps docs/openapi.yaml and the Express routers in step: every route of the /api router must be
// described, and every described path must exist. The description is read by its layout (paths at
// two spaces, methods at four), so no YAML parser is needed.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

function describedRoutes(yaml: string): string[] {
  const lines = yaml.split('\n');
  const start = lines.indexOf('paths:');
  const routes: string[] = [];
  let current: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const pathMatch = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathMatch) current = pathMatch[1];
    const methodMatch = /^ {4}(\w+):/.exec(line);
    if (current && methodMatch && METHODS.includes(methodMatch[1]!)) {
      routes.push(`${methodMatch[1]!.toUpperCase()} ${current}`);
    }
  }
  return routes;
}

describe('docs/openapi.yaml', () => {
  let server: TestServer;
  let registered: string[];
  let described: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const app = createApp(server.running.context);
    registered = registeredRoutes(app.router as unknown as RoutesLister);
    described = describedRoutes(fs.readFileSync(OPENAPI_FILE, 'utf8'));
  });
  afterAll(() => server.stop());

  it('is read by its layout (sanity check of the reader)', () => {
    expect(described).toContain('GET /api/agents/{id}');
    expect(described).toContain('POST /api/instantsearch/multi-search');
    expect(registered).toContain('GET /api/agents/{id}');
  });

  it('describes every route of the /api router', () => {
    const apiRoutes = registered.filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.filter((route) => !described.includes(route))).toEqual([]);
  });

  it('describes only routes that exist', () => {
    expect(described.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('describes the health probes', () => {
    expect(described).toEqual(expect.arrayContaining(['GET /livez', 'GET /healthz', 'GET /readyz']));
  });
});
