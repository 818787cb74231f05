import { z } from 'zod';

export const VerifySessionBody = z.object({
  session_id: z.string().trim().min(1, 'No session ID found').max(255),
});
