import type { Plan } from '@agentry/domain/plans';
import type Stripe from 'stripe';

// One Stripe price per plan, found by its lookup key, so that neither an operator nor a deploy has to
// copy price ids around. domain/src/plans.ts is the source of truth: a price that is missing, or whose
// amount no longer matches the plan, is created, and takes the lookup key over from the old one (or
// from an archived price, which the active-only lookup does not see but which still holds the key).

const matchesPlan = (price: Stripe.Price, plan: Plan) =>
  price.unit_amount === Math.round(plan.priceUsd * 100) &&
  price.currency === 'usd' &&
  price.recurring?.interval === plan.interval &&
  price.recurring.interval_count === 1;

export class PriceCatalog {
  // Promises rather than ids, so that concurrent first checkouts make one lookup, not two prices.
  private readonly prices = new Map<string, Promise<string>>();

  constructor(private readonly stripe: Stripe) {}

  /** The id of the plan's price; looked up (or created) once per process. */
  priceIdFor(plan: Plan): Promise<string> {
    let price = this.prices.get(plan.lookupKey);
    if (!price) {
      price = this.findOrCreate(plan);
      this.prices.set(plan.lookupKey, price);
      // A failed lookup is tried again by the next checkout rather than remembered.
      price.catch(() => this.prices.delete(plan.lookupKey));
    }
    return price;
  }

  private async findOrCreate(plan: Plan): Promise<string> {
    const found = await this.stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing && matchesPlan(existing, plan)) return existing.id;
    const created = await this.stripe.prices.create({
      lookup_key: plan.lookupKey,
      transfer_lookup_key: true,
      unit_amount: Math.round(plan.priceUsd * 100),
      currency: 'usd',
      recurring: { interval: plan.interval },
      product_data: { name: plan.name },
      metadata: { plan: plan.id },
    });
    return created.id;
  }
}
