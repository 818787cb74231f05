import type { Services } from './services';

// Every command reads the same way: `(services, input) → answer`. `services` holds the ports it
// uses, picked from Services (store, mailer, payments, clock, logger…), so a test hands it only
// those; `input` is one typed object named by field, never a row of positional arguments. Which
// adapter stands behind a port is the factory's business (platform/*/factory.ts, wired in
// start.ts): no command asks whether the store is SQLite or the payments are Stripe.
//
// The two kinds are told apart where they are declared:
// - an Action changes records (and may send mail or take payment); it is named with a verb:
//   createShortlist, inviteColleague, uploadAgents;
// - a Query only reads; it is named after what it answers: teamOf, listSavedSearches.

/**
 * What a command uses: the names of the Services it needs (`'store' | 'now'`), or, for a command
 * that needs something the request's Services do not carry (the search, a signing secret), the
 * object type itself.
 */
export type Ports<Needs> = [Needs] extends [keyof Services] ? Pick<Services, Needs & keyof Services> : Needs;

/** A command that changes something: (the ports it needs, its input) → its outcome. */
export type Action<Needs, Input, Output = void> = (services: Ports<Needs>, input: Input) => Promise<Output>;

/** A command that only reads: (the ports it needs, its input) → its answer. */
export type Query<Needs, Input, Output> = (services: Ports<Needs>, input: Input) => Promise<Output>;
