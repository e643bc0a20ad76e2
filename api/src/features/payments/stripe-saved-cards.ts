import type Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import type { Database } from '../../db/database';
import { PaymentError } from '../../money/types';
import { idOf, toPaymentError } from './stripe-objects';

/** Who the card is saved for. */
export interface CardHolder {
  id: string;
  email: string;
  name: string | null;
}

/**
 * The client's saved card (issue 35): a card kept for off-session payments, which the Final Payment, Update
 * Card and penalty dialogs and the Billing page pay with. Saving one moves no money.
 */
export class StripeSavedCards {
  constructor(
    private readonly stripe: Stripe,
    private readonly db: Database,
  ) {}

  /**
   * Saves a card for off-session payments through a SetupIntent, confirmed here with the PaymentMethod the
   * browser made, on the client's customer: the one of their latest running subscription (so its renewals use
   * it), else the one their saved card is on, else the one of their latest payment, else a new one. One
   * idempotency key per (client, card). The card becomes the customer's default and the default of the client's
   * running subscriptions on that customer. Throws a PaymentError when the card is refused.
   */
  async saveCard(client: CardHolder, paymentMethodId: string) {
    try {
      const customerId = await this.customerOf(client);
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customerId,
          payment_method: paymentMethodId,
          usage: 'off_session',
          confirm: true,
          metadata: { type: 'saved_card', user_id: client.id },
        },
        { idempotencyKey: `save-card:${client.id}:${paymentMethodId}` },
      );
      if (setup.status !== 'succeeded')
        throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 402, `setup_${setup.status}`);
      const method = await this.stripe.paymentMethods.retrieve(idOf(setup.payment_method)!);
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: method.id },
      });
      const subscriptions = await this.db.query<{ stripe_subscription_id: string }>(
        `select s.stripe_subscription_id from subscriptions s join projects p on p.id = s.project_id
          where p.client_id = $1 and s.stripe_customer_id = $2 and s.status in ('active', 'past_due')
            and s.stripe_subscription_id is not null`,
        [client.id, customerId],
      );
      for (const { stripe_subscription_id: id } of subscriptions)
        await this.stripe.subscriptions.update(id, { default_payment_method: method.id });
      const card = {
        brand: method.card?.brand ?? 'card',
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
        paymentMethodId: method.id,
      };
      await this.db.query(
        `insert into saved_cards (user_id, stripe_customer_id, stripe_payment_method_id, stripe_setup_intent_id, brand,
           last4, exp_month, exp_year)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
           stripe_payment_method_id = excluded.stripe_payment_method_id,
           stripe_setup_intent_id = excluded.stripe_setup_intent_id, brand = excluded.brand, last4 = excluded.last4,
           exp_month = excluded.exp_month, exp_year = excluded.exp_year, updated_at = now()`,
        [client.id, customerId, method.id, setup.id, card.brand, card.last4, card.expMonth, card.expYear],
      );
      return card;
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  private async customerOf(client: CardHolder): Promise<string> {
    const [known] = await this.db.query<{ customer: string }>(
      `select customer from (
         select stripe_customer_id as customer, 1 as rank, updated_at as at from saved_cards where user_id = $1
         union all
         select s.stripe_customer_id, 0, s.start_date from subscriptions s join projects p on p.id = s.project_id
          where p.client_id = $1 and s.status in ('active', 'past_due') and s.stripe_customer_id is not null
         union all
         select pay.stripe_customer_id, 2, pay.created_at from payments pay join projects p on p.id = pay.project_id
          where p.client_id = $1 and pay.stripe_customer_id is not null
       ) known order by rank, at desc limit 1`,
      [client.id],
    );
    if (known) return known.customer;
    const created = await this.stripe.customers.create(
      { email: client.email, ...(client.name && { name: client.name }), metadata: { user_id: client.id } },
      { idempotencyKey: `billing-customer:${client.id}` },
    );
    return created.id;
  }
}
