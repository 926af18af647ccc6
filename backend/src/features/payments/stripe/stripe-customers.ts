import type Stripe from 'stripe';
import { customerIdOf, type PaymentDb } from '../tables';
import { calling, done } from './stripe-calls';

/** The user's Stripe customer, created (once, however many first upgrades race) on first need. */
export async function customerFor(
  stripe: Stripe,
  db: PaymentDb,
  uid: string,
  email: string | null,
): Promise<string> {
  const known = await customerIdOf(db, uid);
  if (known) return known;
  // The idempotency key makes concurrent first upgrades of one user create one customer.
  const customer = await calling(() =>
    stripe.customers.create(
      { email: email ?? undefined, metadata: { uid } },
      { idempotencyKey: `labelwise-customer-${uid}` },
    ),
  );
  await db
    .insertInto('payment_customers')
    .values({ uid, customer_id: customer.id })
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute();
  return (await customerIdOf(db, uid))!;
}

/** Deletes the user's Stripe customer (it holds their email) and forgets its id. */
export async function deleteStripeCustomer(stripe: Stripe, db: PaymentDb, uid: string): Promise<void> {
  const customer = await customerIdOf(db, uid);
  if (!customer) return;
  // Stripe answers 404 resource_missing for a customer already deleted (a retry after a crash).
  await calling(() =>
    stripe.customers.del(customer).then(
      () => undefined,
      done((error) => error.code === 'resource_missing'),
    ),
  );
  await db.deleteFrom('payment_customers').where('uid', '=', uid).execute();
}
