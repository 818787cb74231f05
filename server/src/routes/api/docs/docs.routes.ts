import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';

/** docs/openapi.yaml at the repository root: the description of every /api route. */
export const OPENAPI_FILE = path.resolve(__dirname, '../../../../../docs/openapi.yaml');

/**
 * GET /api/openapi.yaml: the API description. Read once when the app is built, so a missing file
 * fails at start rather than on the first request.
 */
export function docsRoutes(file: string = OPENAPI_FILE): Router {
  const description = fs.readFileSync(file, 'utf8');
  const router = Router();
  router.get('/openapi.yaml', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/yaml; charset=utf-8').send(description);
  });
  return router;
}
