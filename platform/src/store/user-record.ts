import { normalizeEmail } from '@agentry/domain/email';
import { USER_EDITABLE_FIELDS, type UserCreate, type UserPatch, type UserWithSecret } from './port';

// The user record's field lists, built from the port's USER_EDITABLE_FIELDS so that both
// adapters store, read and change the same fields, and a new one is added in one place.

/** Every field of the record but its id: the ones creating sets (all editable) and the times. */
export const USER_RECORD_FIELDS = [
  ...USER_EDITABLE_FIELDS,
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof UserWithSecret>;

/** What every read but sign-in returns: never the password hash. */
export const USER_PUBLIC_FIELDS = USER_RECORD_FIELDS.filter((field) => field !== 'password_hash');

type EditableField = (typeof USER_EDITABLE_FIELDS)[number];
export type NewUserColumns = Omit<UserWithSecret, 'id'>;

/** The value of an optional field that creating leaves out. */
const DEFAULTS: Partial<Record<EditableField, string | null>> = { subscription_status: 'inactive' };

/** The full set of columns for a new user, with defaults for the optional fields left out. */
export function newUserColumns(input: UserCreate, now: string): NewUserColumns {
  const supplied = Object.fromEntries(
    USER_EDITABLE_FIELDS.map((field) => [field, input[field] ?? DEFAULTS[field] ?? null]),
  ) as Omit<NewUserColumns, 'created_at' | 'updated_at'>;
  return { ...supplied, email: normalizeEmail(input.email), created_at: now, updated_at: now };
}

/** What a patch changes: editable fields only, undefined ignored, the e-mail normalised. */
export function userChanges(patch: UserPatch): UserPatch {
  const changes: UserPatch = Object.fromEntries(
    USER_EDITABLE_FIELDS.filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]]),
  );
  if (changes.email !== undefined) changes.email = normalizeEmail(changes.email);
  return changes;
}
