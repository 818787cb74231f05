import type { KeyValueRepository } from '../../store/port';
import type {
  SimulatedCheckoutSession,
  SimulatedCustomer,
  SimulatedSubscription,
} from '../simulated/objects';

// The test mode's side of "Stripe": its objects as JSON in the store's key-value table, under keys
// testpay:<kind>:<id>, so they live as long as the accounts that point at them.

interface Kinds {
  checkout: SimulatedCheckoutSession;
  customer: SimulatedCustomer;
  subscription: SimulatedSubscription;
}

// Ids reach here from URLs; anything but an id of ours names no object.
const ID = /^[A-Za-z0-9_]{1,100}$/;

export class TestModeObjects {
  constructor(private readonly kv: KeyValueRepository) {}

  async get<K extends keyof Kinds>(kind: K, id: string): Promise<Kinds[K] | null> {
    if (!ID.test(id)) return null;
    const json = await this.kv.get(`testpay:${kind}:${id}`);
    return json === null ? null : (JSON.parse(json) as Kinds[K]);
  }

  async put<K extends keyof Kinds>(kind: K, object: Kinds[K]): Promise<void> {
    await this.kv.set(`testpay:${kind}:${object.id}`, JSON.stringify(object));
  }
}
