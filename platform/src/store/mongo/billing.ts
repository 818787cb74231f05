import { FINAL_STATES } from '@agentry/domain/subscription';
import type { BillingRepository, SubscriptionRecord } from '../port';
import type { SubscriptionDoc } from './account-models';
import { isDuplicateKey, type MongoModels } from './models';

function toRecord(doc: SubscriptionDoc): SubscriptionRecord {
  return {
    user_id: doc._id,
    plan: doc.plan,
    provider: doc.provider,
    subscription_id: doc.subscription_id,
    customer_id: doc.customer_id,
    status: doc.status,
    cancel_at_period_end: doc.cancel_at_period_end,
    current_period_start: doc.current_period_start,
    current_period_end: doc.current_period_end,
    updated_at: doc.updated_at.toISOString(),
  };
}

export function createMongoBilling(models: MongoModels): BillingRepository {
  const { subscriptions, paymentEvents, checkouts } = models;
  return {
    async getSubscription(userId) {
      const doc = await subscriptions.findById(userId).lean();
      return doc ? toRecord(doc) : null;
    },
    async findBySubscriptionId(subscriptionId) {
      const doc = await subscriptions
        .findOne({ subscription_id: subscriptionId })
        .sort({ updated_at: -1 })
        .lean();
      return doc ? toRecord(doc) : null;
    },
    async saveSubscription(record) {
      const { user_id, ...fields } = record;
      // Keyed by the user: a new subscription replaces the ended one.
      const doc = await subscriptions
        .findOneAndUpdate(
          { _id: user_id },
          { $set: { ...fields, updated_at: new Date() } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean();
      return toRecord(doc!);
    },
    async listDue(nowSeconds, limit) {
      // MongoDB reads limit(0) as no limit at all.
      if (limit <= 0) return [];
      const docs = await subscriptions
        .find({ current_period_end: { $lte: nowSeconds }, status: { $nin: [...FINAL_STATES] } })
        .sort({ current_period_end: 1, _id: 1 })
        .limit(limit)
        .lean();
      return docs.map(toRecord);
    },
    async recordEvent(eventId, type) {
      try {
        await paymentEvents.insertMany([{ _id: eventId, type, received_at: new Date() }]);
        return true;
      } catch (error) {
        // The event id is the _id: a second delivery of the same event finds it taken.
        if (isDuplicateKey(error, '_id')) return false;
        throw error;
      }
    },
    async forgetEvent(eventId) {
      await paymentEvents.deleteOne({ _id: eventId });
    },
    async purgeEvents(before) {
      const { deletedCount } = await paymentEvents.deleteMany({ received_at: { $lt: before } });
      return deletedCount;
    },
    async recordCheckout({ checkout_id, ...fields }) {
      // Keyed by the checkout id: the same id again keeps the first record.
      await checkouts.updateOne(
        { _id: checkout_id },
        { $setOnInsert: { ...fields, created_at: new Date() } },
        { upsert: true },
      );
    },
    async findCheckout(checkoutId) {
      const doc = await checkouts.findById(checkoutId).lean();
      if (!doc) return null;
      const { _id, created_at, ...fields } = doc;
      return { checkout_id: _id, ...fields, created_at: created_at.toISOString() };
    },
    async purgeCheckouts(before) {
      const { deletedCount } = await checkouts.deleteMany({ created_at: { $lt: before } });
      return deletedCount;
    },
  };
}
