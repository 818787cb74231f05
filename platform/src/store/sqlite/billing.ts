import { FINAL_STATES } from '@agentry/domain/subscription';
import type Database from 'better-sqlite3';
import type { BillingRepository, CheckoutRecord, SubscriptionRecord } from '../port';

type SubscriptionRow = Omit<SubscriptionRecord, 'cancel_at_period_end'> & { cancel_at_period_end: number };

const COLUMNS = [
  'user_id',
  'plan',
  'provider',
  'subscription_id',
  'customer_id',
  'status',
  'cancel_at_period_end',
  'current_period_start',
  'current_period_end',
  'updated_at',
] as const satisfies ReadonlyArray<keyof SubscriptionRecord>;

const toRecord = (row: SubscriptionRow): SubscriptionRecord => ({
  ...row,
  cancel_at_period_end: row.cancel_at_period_end === 1,
});

export function createSqliteBilling(db: Database.Database): BillingRepository {
  const select = `SELECT ${COLUMNS.join(', ')} FROM subscriptions`;
  const byUser = db.prepare(`${select} WHERE user_id = ?`);
  const bySubscription = db.prepare(`${select} WHERE subscription_id = ? ORDER BY updated_at DESC LIMIT 1`);
  // One row per user: a new subscription replaces the ended one.
  const save = db.prepare(
    `INSERT INTO subscriptions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((column) => `@${column}`).join(', ')})
     ON CONFLICT (user_id) DO UPDATE SET ${COLUMNS.filter((column) => column !== 'user_id')
       .map((column) => `${column} = excluded.${column}`)
       .join(', ')}`,
  );
  const due = db.prepare(
    `${select} WHERE current_period_end <= ? AND status NOT IN (SELECT value FROM json_each(?))
     ORDER BY current_period_end, user_id LIMIT ?`,
  );
  const recordEvent = db.prepare(
    'INSERT INTO payment_events (event_id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
  );
  const forgetEvent = db.prepare('DELETE FROM payment_events WHERE event_id = ?');
  const purgeEvents = db.prepare('DELETE FROM payment_events WHERE received_at < ?');
  const finalStates = JSON.stringify(FINAL_STATES);
  const recordCheckout = db.prepare(
    `INSERT INTO checkouts (checkout_id, user_id, plan, provider, created_at)
     VALUES (@checkout_id, @user_id, @plan, @provider, @created_at) ON CONFLICT (checkout_id) DO NOTHING`,
  );
  const findCheckout = db.prepare(
    'SELECT checkout_id, user_id, plan, provider, created_at FROM checkouts WHERE checkout_id = ?',
  );
  const purgeCheckouts = db.prepare('DELETE FROM checkouts WHERE created_at < ?');

  const findOne = (statement: Database.Statement, value: string) => {
    const row = statement.get(value) as SubscriptionRow | undefined;
    return row ? toRecord(row) : null;
  };

  return {
    async getSubscription(userId) {
      return findOne(byUser, userId);
    },
    async findBySubscriptionId(subscriptionId) {
      return findOne(bySubscription, subscriptionId);
    },
    async saveSubscription(record) {
      save.run({
        ...record,
        cancel_at_period_end: record.cancel_at_period_end ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      return findOne(byUser, record.user_id)!;
    },
    async listDue(nowSeconds, limit) {
      // SQLite reads a negative LIMIT as no limit at all.
      const rows = due.all(nowSeconds, finalStates, Math.max(0, limit)) as SubscriptionRow[];
      return rows.map(toRecord);
    },
    async recordEvent(eventId, type) {
      return recordEvent.run(eventId, type, new Date().toISOString()).changes === 1;
    },
    async forgetEvent(eventId) {
      forgetEvent.run(eventId);
    },
    async purgeEvents(before) {
      return purgeEvents.run(before.toISOString()).changes;
    },
    async recordCheckout(record) {
      recordCheckout.run({ ...record, created_at: new Date().toISOString() });
    },
    async findCheckout(checkoutId) {
      return (findCheckout.get(checkoutId) as CheckoutRecord | undefined) ?? null;
    },
    async purgeCheckouts(before) {
      return purgeCheckouts.run(before.toISOString()).changes;
    },
  };
}
