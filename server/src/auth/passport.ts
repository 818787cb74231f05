import type { Logger } from '@agentry/platform/log/logger';
import type { Store, User } from '@agentry/platform/store/port';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { checkPassword, decoyHash, replaceOutdatedHash } from './passwords';

declare global {
  namespace Express {
    interface User {
      id: string;
    }
  }
}

/**
 * passport-local on e-mail + password; the session keeps only the user id. A password that matched
 * an outdated hash (scrypt, or weaker Argon2id settings) is hashed anew before the answer.
 */
export function configurePassport(store: Store, logger?: Logger): passport.PassportStatic {
  const instance = new passport.Passport();
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      (async () => {
        const user = await store.users.findByEmailWithSecret(email);
        const { matches, outdated } = await checkPassword(
          password,
          user?.password_hash ?? (await decoyHash()),
        );
        if (!user || !matches) return done(null, false, { message: 'Invalid email or password' });
        if (outdated)
          await replaceOutdatedHash(
            password,
            (password_hash) => store.users.update(user.id, { password_hash }),
            logger,
          );
        const { password_hash: _secret, ...publicUser } = user;
        return done(null, publicUser);
      })().catch(done);
    }),
  );
  instance.serializeUser((user, done) => done(null, (user as User).id));
  instance.deserializeUser((id: string, done) => {
    store.users.findById(id).then((user) => done(null, user ?? false), done);
  });
  return instance as unknown as passport.PassportStatic;
}
