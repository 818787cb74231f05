import { AgentIdParams } from '@agentry/domain/contract/catalog';
import { LogoAnswer, LogoParams } from '@agentry/domain/contract/logos';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE, LOGO_UNREADABLE_MESSAGE } from '@agentry/domain/logo-image';
import type { User } from '@agentry/platform/store/port';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { readLogo, removeOwnLogo, uploadOwnLogo } from '../../../commands/agent-logo';
import type { AppContext } from '../../../context';
import { HttpError, notFound } from '../../../http/errors';
import { requireUser } from '../../../http/require-user';
import { parse } from '../../../http/validate';

// Agent logos (issue 25). GET /api/logos/{hash} serves a stored picture: named by its hash, so its
// bytes never change and it is cached for a year (immutable, ETag the hash); typed by what its
// bytes are (checked before it was stored), never sniffed (nosniff), and in a sandbox with no
// source allowed, should a browser ever open one as a document. A provider uploads a logo for their
// listing (PUT, multipart, one picture in the field "file" as the staff's upload has it, at most
// 100 kB; CSRF) or takes it back (DELETE).

const YEAR_SECONDS = 365 * 24 * 3600;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
});

/** The one picture of the upload, with multer's limit errors turned into clear answers. */
const oneLogo: RequestHandler = (req, res, next) => {
  upload.single('file')(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, LOGO_TOO_LARGE_MESSAGE, { success: false }));
    if (typeof code === 'string' && code.startsWith('LIMIT_'))
      return next(new HttpError(400, 'Send one picture, in the field named "file"', { success: false }));
    next(new HttpError(400, LOGO_UNREADABLE_MESSAGE, { success: false }));
  });
};

/** The public read of a stored picture: mounted before sessions (it needs none). */
export function logoFileRoutes({ store }: Pick<AppContext, 'store'>): Router {
  const router = Router();
  router.get('/logos/:hash', async (req, res) => {
    const { hash } = parse(LogoParams, req.params);
    const etag = `"${hash}"`;
    const cached = (req.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    const logo = cached.includes(etag) ? null : await readLogo({ store }, { hash });
    if (!cached.includes(etag) && !logo) throw notFound('No such logo');
    res.set({
      'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline; filename="logo"',
    });
    if (!logo) {
      res.status(304).end();
      return;
    }
    res.type(logo.content_type).send(Buffer.from(logo.bytes));
  });
  return router;
}

/** A provider's upload and removal of their listing's logo (with the users' session and CSRF). */
export function ownLogoRoutes({ services }: Pick<AppContext, 'services'>): Router {
  const router = Router();
  const me = (req: Express.Request) => req.user as User;
  router.put('/users/agents/:id/logo', requireUser, oneLogo, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const file = (req as { file?: { buffer: Buffer } }).file;
    if (!file) throw new HttpError(400, 'Send one picture, in the field named "file"', { success: false });
    const { logo } = await uploadOwnLogo(services, { user: me(req), agentId: id, bytes: file.buffer });
    res.json({ success: true, logo } satisfies LogoAnswer);
  });
  router.delete('/users/agents/:id/logo', requireUser, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const { logo } = await removeOwnLogo(services, { user: me(req), agentId: id });
    res.json({ success: true, logo } satisfies LogoAnswer);
  });
  return router;
}
