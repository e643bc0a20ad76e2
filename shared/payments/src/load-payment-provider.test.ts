import { loadPaymentProvider } from './load-payment-provider';

describe('loadPaymentProvider', () => {
  afterEach(() => {
    delete (window as { Stripe?: unknown }).Stripe;
    document.head.innerHTML = '';
  });

  it('injects the configured stand-in script once, then hands its window.Stripe to loadStripe', async () => {
    const instance = { elements: jest.fn() };
    const StripeStandIn = Object.assign(
      jest.fn(() => instance),
      { version: 'endive' },
    );
    const config = { publishableKey: 'pk_test_local', stripeJsUrl: 'http://localhost:4002/v3/' };
    expect(document.querySelector('script')).toBeNull();

    const first = loadPaymentProvider(config);
    const second = loadPaymentProvider(config);
    await Promise.resolve();
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('http://localhost:4002/v3/');

    (window as { Stripe?: unknown }).Stripe = StripeStandIn;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(instance);
    await expect(second).resolves.toBe(instance);
    expect(StripeStandIn).toHaveBeenCalledTimes(1);
    expect(StripeStandIn).toHaveBeenCalledWith('pk_test_local');
  });

  it('forgets a failed load so the next payment screen retries', async () => {
    const config = { publishableKey: 'pk_test_retry', stripeJsUrl: 'http://localhost:4002/v3/?retry' };
    const failed = loadPaymentProvider(config);
    await Promise.resolve();
    document.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Failed to load Stripe.js');
    expect(document.querySelector('script')).toBeNull();
    void loadPaymentProvider(config).catch(() => {});
    await Promise.resolve();
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });
});
