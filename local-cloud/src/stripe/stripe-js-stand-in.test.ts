import { JSDOM } from 'jsdom';
import { startStripeService } from './stripe-service';

/** Runs the served /v3/ script in a jsdom window that reaches the service with Node's fetch. */
describe('Stripe.js stand-in served at /v3/', () => {
  let service: Awaited<ReturnType<typeof startStripeService>>;
  let window: JSDOM['window'];

  beforeAll(async () => {
    service = await startStripeService({
      port: 0,
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: 'whsec_x',
      allowedOrigins: [],
    });
  });
  afterAll(() => service.stop());

  beforeEach(async () => {
    const script = await (await fetch(`${service.url}/v3/`)).text();
    window = new JSDOM('<!doctype html><body><div id="card"></div></body>', {
      runScripts: 'outside-only',
      url: 'http://localhost:3000/',
    }).window;
    Object.assign(window, { fetch: globalThis.fetch });
    window.eval(script);
  });

  function type(input: HTMLInputElement, value: string): void {
    input.value = value;
    input.dispatchEvent(new window.InputEvent('input', { bubbles: true, inputType: 'insertText' }));
  }

  function mountCard() {
    const stripe = (window as unknown as { Stripe: (key: string) => any }).Stripe('pk_test_local');
    const elements = stripe.elements();
    const card = elements.create('card', { hidePostalCode: true });
    const changes: any[] = [];
    card.on('change', (event: unknown) => changes.push(event));
    card.mount('#card');
    const doc = window.document;
    const byLabel = (text: string) => {
      const label = [...doc.querySelectorAll('label')].find((l) => l.textContent === text)!;
      return doc.getElementById(label.htmlFor) as HTMLInputElement;
    };
    return {
      stripe,
      elements,
      card,
      changes,
      number: byLabel('Card number'),
      expiry: byLabel('Expiration date (MM / YY)'),
      cvc: byLabel('Security code (CVC)'),
    };
  }

  it('has the shape @stripe/stripe-js and @stripe/react-stripe-js check for', () => {
    const Stripe = (window as unknown as { Stripe: any }).Stripe;
    expect(Stripe.version).toBe('endive');
    const stripe = Stripe('pk_test_local');
    for (const method of [
      'elements',
      'createToken',
      'createPaymentMethod',
      'confirmCardPayment',
      'retrievePaymentIntent',
      'registerAppInfo',
      '_registerWrapper',
    ]) {
      expect(typeof stripe[method]).toBe('function');
    }
    const elements = stripe.elements();
    const card = elements.create('card');
    expect(elements.getElement('card')).toBe(card);
    expect(elements.getElement({ __elementType: 'card' })).toBe(card);
    expect(() => elements.create('card')).toThrow('Can only create one Element of type card.');
    card.destroy();
    expect(elements.getElement('card')).toBeNull();
  });

  it('renders labelled inputs without a postal code and validates as the user types', () => {
    const { number, expiry, cvc, changes } = mountCard();
    expect(window.document.querySelectorAll('input')).toHaveLength(3);
    expect(window.document.getElementById('card')!.classList.contains('StripeElement')).toBe(true);

    type(number, '4242424242424241');
    expect(changes.at(-1)).toMatchObject({
      complete: false,
      empty: false,
      brand: 'visa',
      error: { message: 'Your card number is invalid.' },
    });
    expect(number.getAttribute('aria-invalid')).toBe('true');
    type(number, '4242424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
    expect(changes.at(-1).error).toBeUndefined();

    type(expiry, '0120');
    expect(changes.at(-1).error).toMatchObject({ message: "Your card's expiration year is in the past." });
    type(expiry, `12${String((new Date().getFullYear() + 1) % 100)}`);
    expect(expiry.value).toMatch(/^12 \/ \d\d$/);
    type(cvc, '12');
    cvc.dispatchEvent(new window.FocusEvent('blur'));
    expect(changes.at(-1)).toMatchObject({
      complete: false,
      error: { message: "Your card's security code is incomplete." },
    });
    type(cvc, '123');
    expect(changes.at(-1)).toMatchObject({ complete: true, empty: false, error: undefined });
  });

  it('pays a payment intent with 4242… and reports a declined 4000…0002 like Stripe.js', async () => {
    const createIntent = async () => {
      const response = await fetch(`${service.url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_test_local',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'amount=25000&currency=usd',
      });
      return ((await response.json()) as { client_secret: string }).client_secret;
    };
    const { stripe, card, number, expiry, cvc } = mountCard();
    const future = `12${String((new Date().getFullYear() + 1) % 100)}`;
    type(number, '4242424242424242');
    type(expiry, future);
    type(cvc, '123');
    const paid = await stripe.confirmCardPayment(await createIntent(), {
      payment_method: { card, billing_details: { name: 'Ada Lovelace', email: 'ada@example.test' } },
    });
    expect(paid.error).toBeUndefined();
    expect(paid.paymentIntent).toMatchObject({ status: 'succeeded', amount: 25000 });
    const retrieved = await stripe.retrievePaymentIntent(paid.paymentIntent.client_secret);
    expect(retrieved.paymentIntent.status).toBe('succeeded');

    type(number, '4000000000000002');
    const declined = await stripe.confirmCardPayment(await createIntent(), { payment_method: { card } });
    expect(declined.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });

    type(number, '4242');
    const incomplete = await stripe.createPaymentMethod({ type: 'card', card });
    expect(incomplete.error).toMatchObject({
      type: 'validation_error',
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
    });
  });
});
