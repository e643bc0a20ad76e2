import { setAppConfig, type AppConfig } from '@agency/app-config';
import {
  getTrackingConsent,
  PIXEL_SCRIPT_URL,
  setTrackingConsent,
  trackingNeedsConsent,
  trackConsultationBooked,
  trackConsultationPageView,
  trackInitiateCheckout,
  trackPurchase,
  trackPurchasePageView,
  trackServiceTierView,
} from './index';
import { CONSENT_STORAGE_KEY, resetConsentForTests } from './consent';
import { resetPixelForTests } from './pixel';

/** Configures the pixel id; the visitor has accepted tracking unless told otherwise. */
function configure(pixelId?: string, consent: 'granted' | 'denied' | null = 'granted') {
  if (consent) localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  const config: AppConfig = {
    remotes: {},
    siteUrl: 'http://site.test',
    apiUrl: 'http://api.test',
    supabaseUrl: 'http://auth.test',
    supabaseAnonKey: 'anon',
    stripePublishableKey: 'pk_test',
    links: { booking: 'https://book.test', founderProfile: 'https://profile.test', contactEmail: 'hi@test' },
    ...(pixelId === undefined ? {} : { pixelId }),
  };
  setAppConfig(config);
}

const pixelScripts = () => document.querySelectorAll(`script[src="${PIXEL_SCRIPT_URL}"]`);
const queued = () => window.fbq?.queue ?? [];

beforeEach(() => {
  localStorage.clear();
  resetConsentForTests();
  resetPixelForTests();
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
});

test('does nothing without a configured pixel id', () => {
  configure();
  trackServiceTierView();
  trackPurchase({ tierId: 1, tierName: 'Basic Web App', value: 250 });
  expect(window.fbq).toBeUndefined();
  expect(pixelScripts()).toHaveLength(0);
});

test('treats a blank pixel id as not configured', () => {
  configure('  ');
  trackServiceTierView();
  expect(window.fbq).toBeUndefined();
});

test('loads the pixel script once, asynchronously, and queues init before the events', () => {
  configure('123456');
  trackServiceTierView();
  trackServiceTierView();
  const scripts = pixelScripts();
  expect(scripts).toHaveLength(1);
  expect((scripts[0] as HTMLScriptElement).async).toBe(true);
  expect(queued()).toEqual([
    ['init', '123456'],
    ['track', 'ViewContent', { content_category: 'Service Tiers', content_name: 'Services' }],
    ['track', 'ViewContent', { content_category: 'Service Tiers', content_name: 'Services' }],
  ]);
});

test('sends the purchase with its value in USD', () => {
  configure('123456');
  trackPurchase({ tierId: 2, tierName: 'Standard Web App', value: 700 });
  expect(queued()).toContainEqual([
    'track',
    'Purchase',
    {
      content_name: 'Standard Web App',
      content_ids: ['2'],
      content_type: 'product',
      num_items: 1,
      value: 700,
      currency: 'USD',
    },
  ]);
});

test('sends every spec event under its standard pixel name', () => {
  configure('123456');
  trackPurchasePageView({ tierId: 1, tierName: 'Basic Web App', value: 500 });
  trackConsultationPageView({ tierId: 'general', tierName: 'General Consultation' });
  trackInitiateCheckout({ tierId: 1, tierName: 'Basic Web App', value: 250 });
  trackConsultationBooked({ tierId: 4, tierName: 'Fractional CTO' });
  const tracked = queued().filter((call) => call[0] === 'track');
  expect(tracked.map((call) => call[1])).toEqual([
    'ViewContent',
    'ViewContent',
    'InitiateCheckout',
    'Schedule',
  ]);
  expect(tracked[0]![2]).toMatchObject({ content_category: 'Purchase Page', value: 500, currency: 'USD' });
  expect(tracked[1]![2]).toEqual({
    content_category: 'Consultation Page',
    content_name: 'General Consultation',
    content_ids: ['general'],
    content_type: 'product',
  });
  expect(tracked[2]![2]).toMatchObject({ value: 250, currency: 'USD' });
});

test('hands events to the loaded pixel once its script has replaced the stub', () => {
  configure('123456');
  trackServiceTierView();
  const callMethod = jest.fn();
  window.fbq!.callMethod = callMethod;
  trackConsultationBooked({ tierId: 3, tierName: 'Fractional Sr. SWE' });
  expect(callMethod).toHaveBeenCalledWith('track', 'Schedule', {
    content_name: 'Fractional Sr. SWE',
    content_ids: ['3'],
  });
});

test('never throws when the pixel misbehaves', () => {
  configure('123456');
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  window.fbq = Object.assign(
    () => {
      throw new Error('blocked');
    },
    { queue: [] },
  ) as unknown as typeof window.fbq;
  expect(() => trackServiceTierView()).not.toThrow();
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

describe('consent', () => {
  const trackEverything = () => {
    trackServiceTierView();
    trackPurchasePageView({ tierId: 1, tierName: 'Basic Web App', value: 500 });
    trackPurchase({ tierId: 1, tierName: 'Basic Web App', value: 250 });
  };

  test('is needed only with a pixel id configured', () => {
    configure(undefined, null);
    expect(trackingNeedsConsent()).toBe(false);
    configure('123456', null);
    expect(trackingNeedsConsent()).toBe(true);
  });

  test('before the visitor chose, nothing is loaded and nothing is sent', () => {
    configure('123456', null);
    trackEverything();
    expect(getTrackingConsent()).toBeUndefined();
    expect(window.fbq).toBeUndefined();
    expect(pixelScripts()).toHaveLength(0);
  });

  test('after declining, nothing is loaded and nothing is sent', () => {
    configure('123456', null);
    setTrackingConsent('denied');
    trackEverything();
    expect(window.fbq).toBeUndefined();
    expect(pixelScripts()).toHaveLength(0);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  test('accepting loads the pixel at once, remembers the choice and lets events through', () => {
    configure('123456', null);
    setTrackingConsent('granted');
    expect(getTrackingConsent()).toBe('granted');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(pixelScripts()).toHaveLength(1);
    trackServiceTierView();
    expect(queued()).toEqual([
      ['init', '123456'],
      ['consent', 'grant'],
      ['track', 'ViewContent', { content_category: 'Service Tiers', content_name: 'Services' }],
    ]);
  });

  test('declining after accepting tells the loaded pixel to stop and sends no more events', () => {
    configure('123456', null);
    setTrackingConsent('granted');
    setTrackingConsent('denied');
    trackServiceTierView();
    expect(queued()).toEqual([
      ['init', '123456'],
      ['consent', 'grant'],
      ['consent', 'revoke'],
    ]);
  });

  test('a browser that refuses storage still remembers the choice for the visit', () => {
    configure('123456', null);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    setTrackingConsent('denied');
    setItem.mockRestore();
    expect(getTrackingConsent()).toBe('denied');
  });
});
