import { z } from 'zod';
import { LOGO_HASH } from '../logo-image';

// Agent logos (issue 25): the address of a stored picture, and the answer to an upload or removal.

/** GET /api/logos/{hash}: the SHA-256 of the picture, lower-case hex. */
export const LogoParams = z.object({
  hash: z.string().regex(LOGO_HASH, 'A logo is named by 64 lower-case hexadecimal digits'),
});

/** PUT and DELETE /api/users/agents/{id}/logo: the logo the agent now shows (a site's icon may remain after an upload is taken back). */
export const LogoAnswer = z.strictObject({
  success: z.literal(true),
  logo: z
    .string()
    .regex(/^\/api\/logos\/[0-9a-f]{64}$/)
    .nullable(),
});
export type LogoAnswer = z.infer<typeof LogoAnswer>;
