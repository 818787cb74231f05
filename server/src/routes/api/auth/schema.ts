import { MAX_LENGTHS, PASSWORD_MAX_LENGTH } from '@agentry/domain/limits';
import { z } from 'zod';

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_LENGTHS.email),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
