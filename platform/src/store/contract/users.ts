import { DuplicateUserError, type Store } from '../port';

// The accounts' part of the store contract (providers and employers), run by
// describeStoreContract against every adapter.

export function describeUsersContract(store: () => Store): void {
  describe('users', () => {
    const user = {
      email: 'Grace@Example.com',
      full_name: 'Grace Hopper',
      organization: 'Navy',
      user_type: 'employer' as const,
      password_hash: 'scrypt$hash',
    };

    it('creates a user without exposing the password hash', async () => {
      const created = await store().users.create(user);
      expect(created).toMatchObject({
        email: 'grace@example.com',
        full_name: 'Grace Hopper',
        phone: null,
        subscription_status: 'inactive',
        stripe_customer_id: null,
        user_type: 'employer',
      });
      expect(created).not.toHaveProperty('password_hash');
      expect(await store().users.findById(created.id)).toEqual(created);
    });

    it('refuses a second account with the same email in any case', async () => {
      await store().users.create(user);
      await expect(store().users.create({ ...user, email: 'GRACE@example.COM' })).rejects.toBeInstanceOf(
        DuplicateUserError,
      );
    });

    it('finds a user by email in any case; only the sign-in lookup carries the hash', async () => {
      const created = await store().users.create(user);
      expect(await store().users.findByEmail('GRACE@EXAMPLE.COM')).toEqual(created);
      expect(await store().users.findByEmailWithSecret('grace@example.com')).toMatchObject({
        password_hash: 'scrypt$hash',
      });
      expect(await store().users.findByEmail('nobody@example.com')).toBeNull();
      const accented = await store().users.create({ ...user, email: 'Élodie@Example.com' });
      expect(await store().users.findByEmail('ÉLODIE@example.com')).toEqual(accented);
      expect(await store().users.findById('nope')).toBeNull();
    });

    it('creates a user with no verified e-mail, slug or website unless given', async () => {
      const plain = await store().users.create(user);
      expect(plain).toMatchObject({ email_verified_at: null, slug: null, website: null });
      const verifiedAt = new Date().toISOString();
      const provider = await store().users.create({
        ...user,
        email: 'ada@example.com',
        user_type: 'agent_provider',
        email_verified_at: verifiedAt,
        slug: 'analytical-engines',
        website: 'https://engines.example',
      });
      expect(await store().users.findById(provider.id)).toMatchObject({
        email_verified_at: verifiedAt,
        slug: 'analytical-engines',
        website: 'https://engines.example',
      });
    });

    it('refuses a taken slug, naming the slug; any number of users have none', async () => {
      await store().users.create({ ...user, slug: 'navy' });
      await store().users.create({ ...user, email: 'second@example.com' });
      await store().users.create({ ...user, email: 'third@example.com', slug: null });
      const clash = store().users.create({ ...user, email: 'fourth@example.com', slug: 'navy' });
      await expect(clash).rejects.toBeInstanceOf(DuplicateUserError);
      await expect(clash).rejects.toMatchObject({ field: 'slug' });
      await expect(store().users.create({ ...user, email: 'GRACE@example.com' })).rejects.toMatchObject({
        field: 'email',
      });
      expect(await store().users.findByEmail('fourth@example.com')).toBeNull();
    });

    it('finds a user by slug and by payment customer id', async () => {
      const created = await store().users.create({ ...user, slug: 'navy' });
      await store().users.update(created.id, { stripe_customer_id: 'cus_9' });
      expect((await store().users.findBySlug('navy'))?.id).toBe(created.id);
      expect((await store().users.findByStripeCustomerId('cus_9'))?.id).toBe(created.id);
      expect(await store().users.findBySlug('army')).toBeNull();
      expect(await store().users.findByStripeCustomerId('cus_0')).toBeNull();
      expect(await store().users.findBySlug('navy')).not.toHaveProperty('password_hash');
    });

    it('updates the new fields and stores a new e-mail trimmed and lower-cased', async () => {
      const created = await store().users.create(user);
      const verifiedAt = new Date().toISOString();
      const updated = await store().users.update(created.id, {
        email: '  Grace.Hopper@Example.COM ',
        email_verified_at: verifiedAt,
        slug: 'grace',
        website: 'https://grace.example',
      });
      expect(updated).toMatchObject({
        email: 'grace.hopper@example.com',
        email_verified_at: verifiedAt,
        slug: 'grace',
        website: 'https://grace.example',
      });
      expect((await store().users.findByEmail('GRACE.HOPPER@example.com'))?.id).toBe(created.id);
      expect(await store().users.findByEmail('grace@example.com')).toBeNull();
      expect(await store().users.update(created.id, { slug: null, website: null })).toMatchObject({
        slug: null,
        website: null,
      });
    });

    it('changes the password hash through update, seen only by the sign-in lookup', async () => {
      const created = await store().users.create(user);
      const updated = await store().users.update(created.id, { password_hash: 'scrypt$new' });
      expect(updated).not.toHaveProperty('password_hash');
      expect(await store().users.findByEmailWithSecret(user.email)).toMatchObject({
        password_hash: 'scrypt$new',
      });
    });

    it('refuses an update to a taken e-mail or slug, naming which, and changes nothing', async () => {
      const grace = await store().users.create({ ...user, slug: 'navy' });
      const ada = await store().users.create({ ...user, email: 'ada@example.com', slug: 'engines' });
      await expect(store().users.update(ada.id, { email: 'GRACE@example.com' })).rejects.toMatchObject({
        name: 'DuplicateUserError',
        field: 'email',
      });
      await expect(store().users.update(ada.id, { slug: 'navy', full_name: 'Ada' })).rejects.toMatchObject({
        name: 'DuplicateUserError',
        field: 'slug',
      });
      expect(await store().users.findById(ada.id)).toEqual(ada);
      expect(await store().users.findById(grace.id)).toEqual(grace);
    });

    it('leaves a user as is, updated_at included, when a patch changes nothing', async () => {
      const created = await store().users.create(user);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await store().users.update(created.id, { website: undefined })).toEqual(created);
      expect(await store().users.update('424242', { full_name: 'Nobody' })).toBeNull();
      expect(await store().users.update('nope', { full_name: 'Nobody' })).toBeNull();
    });

    it('lists subscribed providers with a page, by slug, at most the limit', async () => {
      const provider = (email: string, slug: string | null, subscription_status: string) =>
        store().users.create({ ...user, email, slug, subscription_status, user_type: 'agent_provider' });
      await provider('c@example.com', 'charlie', 'active');
      await provider('a@example.com', 'alpha', 'active');
      await provider('b@example.com', 'bravo', 'active');
      await provider('i@example.com', 'inactive-one', 'inactive');
      await provider('n@example.com', null, 'active');
      await store().users.create({
        ...user,
        email: 'e@example.com',
        slug: 'employer',
        subscription_status: 'active',
      });

      const slugs = async (limit: number) =>
        (await store().users.listSubscribedProviders(limit)).map((found) => found.slug);
      expect(await slugs(10)).toEqual(['alpha', 'bravo', 'charlie']);
      expect(await slugs(2)).toEqual(['alpha', 'bravo']);
      expect(await slugs(0)).toEqual([]);
      expect((await store().users.listSubscribedProviders(1))[0]).not.toHaveProperty('password_hash');
    });

    it('updates a user and lists users newest first', async () => {
      const first = await store().users.create(user);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await store().users.create({
        ...user,
        email: 'ada@example.com',
        user_type: 'agent_provider',
      });
      const updated = await store().users.update(first.id, {
        subscription_status: 'active',
        stripe_customer_id: 'cus_1',
      });
      expect(updated).toMatchObject({ subscription_status: 'active', stripe_customer_id: 'cus_1' });
      expect((await store().users.list()).map((u) => u.id)).toEqual([second.id, first.id]);
    });
  });
}
