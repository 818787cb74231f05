import { AgentProfileBody } from '@agentry/domain/contract/accounts';
import {
  type AdminAgentAnswer,
  AdminAgentBody,
  type AdminAgentsPage,
  AdminAgentsQuery,
  AdminCodeBody,
  type AdminCodeRequired,
  AdminLoginBody,
  type AdminSessionAnswer,
  type AdminSignedIn,
  type AdminStats,
  type AdminToken,
  type AuditPage,
  AuditQuery,
  type ReindexAnswer,
  type ReindexStarted,
  ReviewQueueQuery,
  type SubscriberAnswer,
  type SubscribersPage,
  SubscribersQuery,
  SubscriptionStatusBody,
  type UploadReport,
} from '@agentry/domain/contract/admin';
import type { AgentProfileAnswer } from '@agentry/domain/contract/profiles';
import { IdParams, type Success } from '@agentry/domain/contract/shapes';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@agentry/domain/spreadsheet-files';
import type { Admin } from '@agentry/platform/store/port';
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { TotpSecretBox } from '../../../auth/totp-secret-box';
import {
  INVALID_ADMIN_CODE,
  INVALID_ADMIN_CREDENTIALS,
  verifyAdmin,
  verifyAdminCode,
} from '../../../commands/admin/admin-sign-in';
import { dashboardStats } from '../../../commands/admin/dashboard-stats';
import {
  createAgentAsAdmin,
  setAgentRemoved,
  updateAgentAsAdmin,
} from '../../../commands/admin/manage-agents';
import {
  listSubscribers,
  presentSubscribers,
  setSubscriptionStatus,
} from '../../../commands/admin/manage-subscribers';
import { readReindexJob, startReindex } from '../../../commands/admin/reindex-job';
import { approveHeldAgent, listReviewQueue, rejectHeldAgent } from '../../../commands/admin/review-queue';
import { uploadAgents } from '../../../commands/admin/upload-agents';
import { readAgentProfile, saveAgentProfileAsAdmin } from '../../../commands/save-agent-profile';
import type { AppContext } from '../../../context';
import type { AccountThrottle } from '../../../http/account-throttle';
import { adminCsrf, sessionCsrfToken } from '../../../http/csrf';
import { HttpError, notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { adminOf, requireAdmin } from '../../../http/require-admin';
import { ADMIN_SESSION_COOKIE, adminSessions } from '../../../http/sessions';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { presentAdminAgent } from '../../../presenters/admin';
import type { AuthLimits } from '../auth/auth.routes';
import { streamAgentsWorkbook } from './download';
import { adminInboxRoutes } from './inbox.routes';
import { mcpUsageRoutes } from './mcp-usage.routes';
import { adminProviderRoutes } from './providers.routes';
import { adminTrustRoutes } from './trust.routes';

// The admin API (spec section 7, docs/admin.md). Mounted at /api/admin before the user sessions:
// it has its own session cookie (sent to /api/admin only, shorter idle timeout), and every route
// but the sign-in needs a signed-in admin (401) and, to change anything, the CSRF token (403).

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 6 },
});

/** The one file of a multipart upload, with multer's limit errors turned into clear answers. */
const singleFile: RequestHandler = (req, res, next) => {
  upload.single('file')(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE, { success: false }));
    if (typeof code === 'string' && code.startsWith('LIMIT_'))
      return next(new HttpError(400, 'Send one file, in the field named "file"', { success: false }));
    next(new HttpError(400, 'The upload could not be read. Please try again.', { success: false }));
  });
};

/** How long the second step waits for its code after the password, and how many wrong codes it takes. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
export const CODE_TRIES = 5;

export const TOTP_REQUIRED_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const TOTP_SETUP_REQUIRED =
  'Two-factor sign-in is required for staff. Ask whoever runs the server to set it up for your account (npm run admin:totp).';
export const SIGN_IN_AGAIN = 'Your sign-in has timed out. Please enter your username and password again.';
export const TOTP_UNREADABLE =
  'Your two-factor sign-in cannot be checked on this server. Ask whoever runs it to set it up again (npm run admin:totp).';

export function adminRoutes(
  context: AppContext,
  limits: Pick<AuthLimits, 'login' | 'account'> & { code: AccountThrottle },
): Router {
  const { store } = context;
  const now = () => context.services.now();
  const box = new TotpSecretBox(context.sessionSecret);
  const router = Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const secureCookies = context.config.publicUrl.startsWith('https://');
  router.use(adminSessions({ secret: context.sessionSecret, secureCookies, repository: store.sessions }));
  const csrf = adminCsrf({ secret: context.sessionSecret, secureCookies });
  const requireCsrf = () => csrf.guard();

  /**
   * The sign-in form's CSRF token: a stateless one (no session is stored for it) until an admin, or
   * one awaiting the second factor, is in the session; then the session's.
   */
  router.get('/csrf-token', (req, res) => {
    res.json({ success: true, csrf_token: csrf.issue(req, res) } satisfies AdminToken);
  });

  /** The admin is in: a new session id (an id planted before is worth nothing after), a trusted browser. */
  const completeSignIn = (req: Request, res: Response, next: NextFunction, admin: Admin) => {
    req.session.regenerate((error) => {
      if (error) return next(error);
      limits.account.remember(req, res, admin.username);
      req.session.adminId = admin.id;
      req.session.adminUsername = admin.username;
      req.session.startedAt = Date.now();
      const csrf_token = csrf.signedIn(req, res);
      context.logger.info({ admin: admin.username, two_factor: admin.totp_enabled }, 'admin signed in');
      res.json({ success: true, admin: { username: admin.username }, csrf_token } satisfies AdminSignedIn);
    });
  };

  // Sign-in takes the token too: no other site can sign a browser in to an account of its choosing.
  // With a second factor it takes two steps: the password here, then the code (below).
  router.post('/login', requireCsrf(), limits.login, (req, res, next) => {
    req.body = parseBody(AdminLoginBody, req);
    limits.account.check(req, res, () => {
      const { username, password } = req.body as { username: string; password: string };
      verifyAdmin(context, { username, password })
        .then((admin) => {
          if (!admin) throw new HttpError(401, INVALID_ADMIN_CREDENTIALS, { success: false });
          if (!admin.totp_enabled) {
            if (context.config.ADMIN_TOTP_REQUIRED)
              throw new HttpError(403, TOTP_SETUP_REQUIRED, { success: false });
            return completeSignIn(req, res, next, admin);
          }
          // The password was right: a fresh session that holds only the wait for the code.
          req.session.regenerate((error) => {
            if (error) return next(error);
            req.session.pendingAdmin = { id: admin.id, username: admin.username, at: now(), failures: 0 };
            const csrf_token = csrf.signedIn(req, res);
            res.json({
              success: false,
              totp_required: true,
              message: TOTP_REQUIRED_MESSAGE,
              csrf_token,
            } satisfies AdminCodeRequired);
          });
        })
        .catch(next);
    });
  });

  router.post('/login/totp', requireCsrf(), limits.login, (req, res, next) => {
    // No session at all: a browser that never gave the right password here (its token was stateless).
    const pending = req.session?.pendingAdmin;
    if (!pending || now() - pending.at > PENDING_SIGN_IN_MS) {
      if (req.session) delete req.session.pendingAdmin;
      throw new HttpError(401, SIGN_IN_AGAIN, { success: false });
    }
    const { code } = parseBody(AdminCodeBody, req);
    limits.code.check(req, res, () => {
      verifyAdminCode({ store, box, now }, { adminId: pending.id, code })
        .then(async (check) => {
          if (check === 'unreadable') {
            context.logger.error(
              { admin: pending.username },
              'the stored TOTP secret cannot be opened (was SESSION_SECRET changed?): enrol again with npm run admin:totp',
            );
            throw new HttpError(503, TOTP_UNREADABLE, { success: false });
          }
          if (check === 'wrong') {
            pending.failures += 1;
            // A few tries per password: then the password again (and its own throttle).
            if (pending.failures >= CODE_TRIES) {
              delete req.session.pendingAdmin;
              throw new HttpError(401, `${INVALID_ADMIN_CODE}. ${SIGN_IN_AGAIN}`, { success: false });
            }
            throw new HttpError(401, INVALID_ADMIN_CODE, { success: false });
          }
          const admin = await store.admins.findById(pending.id);
          if (!admin) throw new HttpError(401, SIGN_IN_AGAIN, { success: false });
          completeSignIn(req, res, next, admin);
        })
        .catch(next);
    });
  });

  // Whether an admin is signed in here, asked by the admin screen on arrival: a signed-out visitor
  // gets 200 and admin null, not the 401 of /me (a console error on every visit to /admin's sign-in,
  // newcomer pass, session 11). The rule is requireAdmin's own; /me keeps its 401.
  const signedIn = requireAdmin(store);
  router.get('/session', (req, res, next) => {
    signedIn(req, res, (error?: unknown) => {
      if (error instanceof HttpError && error.status === 401)
        return res.json({ success: true, admin: null } satisfies AdminSessionAnswer);
      if (error) return next(error);
      res.json({
        success: true,
        admin: { username: adminOf(req).username },
        csrf_token: sessionCsrfToken(req),
      } satisfies AdminSessionAnswer);
    });
  });

  router.use(signedIn);
  router.use(requireCsrf());
  router.use(adminInboxRoutes(context));
  router.use(mcpUsageRoutes(context));
  router.use(adminTrustRoutes(context));
  router.use(adminProviderRoutes(context));
  const me = (req: Request) => adminOf(req);

  router.get('/me', (req, res) => {
    res.json({
      success: true,
      admin: { username: me(req).username },
      csrf_token: sessionCsrfToken(req),
    } satisfies AdminSignedIn);
  });

  router.post('/logout', (req, res, next) => {
    req.session.destroy((error) => {
      if (error) return next(error);
      res.clearCookie(ADMIN_SESSION_COOKIE, { path: '/api/admin' }).json({ success: true } satisfies Success);
    });
  });

  router.get('/stats', async (_req, res) => {
    res.json({
      success: true,
      ...(await dashboardStats(context.services)),
    } satisfies AdminStats);
  });

  router.get('/agents', async (req, res) => {
    const { limit, offset, category, name } = parseQuery(AdminAgentsQuery, req);
    // By a part of the name (issue 25): the store matches it in the listing's order, one page.
    const filter = { includeRemoved: true, category, nameContains: name || undefined };
    const [agents, total] = await Promise.all([
      store.agents.list({ ...filter, limit, offset }),
      store.agents.count(filter),
    ]);
    setPageHeaders(req, res, { total, limit, offset });
    res.json({ success: true, agents: agents.map(presentAdminAgent), total } satisfies AdminAgentsPage);
  });

  router.post('/agents', async (req, res) => {
    const agent = await createAgentAsAdmin(context, {
      admin: me(req),
      input: parseBody(AdminAgentBody, req),
    });
    res.status(201).json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  router.put('/agents/:id', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const agent = await updateAgentAsAdmin(context, {
      admin: me(req),
      id,
      input: parseBody(AdminAgentBody, req),
    });
    res.json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  // Structured profiles (issue 28): staff read any agent's, correct it and verify claimed certifications.
  router.get('/agents/:id/profile', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    if (!(await store.agents.get(id))) throw notFound('Agent not found');
    res.set('Cache-Control', 'no-store').json({
      success: true,
      profile: await readAgentProfile(context, { agentId: id }),
    } satisfies AgentProfileAnswer);
  });

  router.put('/agents/:id/profile', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const profile = await saveAgentProfileAsAdmin(context, {
      admin: me(req),
      agentId: id,
      input: parseBody(AgentProfileBody, req),
    });
    res.json({ success: true, profile } satisfies AgentProfileAnswer);
  });

  router.delete('/agents/:id', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const agent = await setAgentRemoved(context, { admin: me(req), id, removed: true });
    res.json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  router.post('/agents/:id/restore', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const agent = await setAgentRemoved(context, { admin: me(req), id, removed: false });
    res.json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  router.get('/review-queue', async (req, res) => {
    const page = parseQuery(ReviewQueueQuery, req);
    const { agents, total } = await listReviewQueue(context, { page });
    setPageHeaders(req, res, { total, ...page });
    res.json({ success: true, agents: agents.map(presentAdminAgent), total } satisfies AdminAgentsPage);
  });

  router.post('/review-queue/:id/approve', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const agent = await approveHeldAgent(context, { admin: me(req), id });
    res.json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  router.post('/review-queue/:id/reject', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const agent = await rejectHeldAgent(context, { admin: me(req), id });
    res.json({ success: true, agent: presentAdminAgent(agent) } satisfies AdminAgentAnswer);
  });

  router.get('/subscribers', async (req, res) => {
    const page = parseQuery(SubscribersQuery, req);
    const { subscribers, total } = await listSubscribers(context, { page });
    setPageHeaders(req, res, { total, ...page });
    res.json({ success: true, subscribers, total } satisfies SubscribersPage);
  });

  router.put('/subscribers/:id/subscription-status', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { subscription_status } = parseBody(SubscriptionStatusBody, req);
    const user = await setSubscriptionStatus(context, { admin: me(req), id, status: subscription_status });
    const [subscriber] = await presentSubscribers(context, { users: [user] });
    res.json({ success: true, subscriber: subscriber! } satisfies SubscriberAnswer);
  });

  router.post('/upload', singleFile, async (req, res) => {
    const result = await uploadAgents(context, { admin: me(req), file: req.file });
    res.json({ success: true, ...result } satisfies UploadReport);
  });

  router.get('/download-agents', async (_req, res) => {
    await streamAgentsWorkbook(store, res, context.logger);
  });

  router.post('/reindex', async (req, res) => {
    const job = await startReindex(context, { admin: me(req) });
    res.status(202).json({ success: true, job } satisfies ReindexStarted);
  });

  router.get('/reindex', async (_req, res) => {
    res.json({ success: true, job: await readReindexJob(store) } satisfies ReindexAnswer);
  });

  router.get('/audit', async (req, res) => {
    const { limit, offset, ...filter } = parseQuery(AuditQuery, req);
    const [entries, total] = await Promise.all([
      store.audit.list({ ...filter, limit, offset }),
      store.audit.count(filter),
    ]);
    setPageHeaders(req, res, { total, limit, offset });
    res.json({ success: true, entries, total } satisfies AuditPage);
  });

  // Unknown admin paths answer 404 only to an admin; anyone else got the 401 above.
  router.use((req, _res, next) =>
    next(new HttpError(404, `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`)),
  );
  return router;
}
