// Every route of an Express app as "METHOD /path" (Express ":param" written as OpenAPI "{param}"),
// read from the routers themselves: the API description and the CSRF test check against it.

export interface ListedRoute {
  path: string | RegExp;
  methods?: string[];
  router?: RoutesLister;
}
export interface RoutesLister {
  listRoutes(): ListedRoute[];
}

/** "METHOD /path" for every route, Express ":param" written as OpenAPI "{param}"; HEAD (implied by GET) left out. */
export function registeredRoutes(router: RoutesLister, prefix = ''): string[] {
  return router.listRoutes().flatMap((entry) => {
    const mount = typeof entry.path === 'string' ? entry.path : String(entry.path);
    const full = `${prefix}${mount === '/' ? '' : mount}`;
    if (entry.router) return registeredRoutes(entry.router, full);
    const openApiPath = full.replace(/:(\w+)/g, '{$1}') || '/';
    return (entry.methods ?? [])
      .map((method) => method.toLowerCase())
      .filter((method) => method !== 'head')
      .map((method) => `${method.toUpperCase()} ${openApiPath}`);
  });
}
