import { MAX_LENGTHS, PASSWORD_MAX_LENGTH } from '@agentry/domain/limits';
import { z } from 'zod';

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_LENGTHS.email),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});

export const ForgotPasswordBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_LENGTHS.email),
});

/** Tokens are checked for shape by the command; the schema only bounds what is read. */
const token = z.string().trim().min(1, 'This link is incomplete').max(200);

export const ResetPasswordBody = z.object({
  token,
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const VerifyEmailBody = z.object({ token });
