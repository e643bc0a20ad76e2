import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { renderPage, TEST_CONFIG } from '../../../testing/render-page';
import LandingPage from './landing-page';

const tierCard = (name: string) => screen.getByRole('article', { name });

/**
 * Renders / and waits for the contact form, which loads on its own once its section nears the viewport. The
 * first test loads (and transforms) its module: beside CI's other suites that took over findByRole's 1 s.
 */
async function renderLanding(options?: Parameters<typeof renderPage>[1]) {
  renderPage(<LandingPage />, options);
  await screen.findByRole('form', { name: 'Send a Message' }, { timeout: 10_000 });
}

test('one h1 about turning ideas into digital solutions, and hero links to services and about', async () => {
  await renderLanding();
  const h1s = screen.getAllByRole('heading', { level: 1 });
  expect(h1s).toHaveLength(1);
  expect(h1s[0]).toHaveTextContent(/ideas into digital solutions/i);
  expect(screen.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '#services');
  expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#about');
});

test('sections services, about and contact are labelled regions with their ids', async () => {
  await renderLanding();
  for (const [id, name] of [
    ['about', 'Meet the Founder'],
    ['services', 'Choose the Right Service for Your Project'],
    ['contact', "Let's Build Something Together"],
  ]) {
    expect(screen.getByRole('region', { name })).toHaveAttribute('id', id);
  }
});

test('the four tier cards show name, price and features; only tier 2 is Most Popular', async () => {
  await renderLanding();
  expect(screen.getAllByRole('article')).toHaveLength(4);
  for (const tier of SERVICE_TIERS) {
    const card = tierCard(tier.name);
    expect(within(card).getByText(tier.price)).toBeInTheDocument();
    const features = within(card).getByRole('list', { name: `${tier.name} features` });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tier.features);
    if (tier.popular) expect(within(card).getByText('Most Popular')).toBeInTheDocument();
    else expect(within(card).queryByText('Most Popular')).not.toBeInTheDocument();
  }
  expect(screen.getAllByText('Most Popular')).toHaveLength(1);
  expect(within(tierCard('Standard Web App')).getByText('$1,400')).toBeInTheDocument();
  expect(within(tierCard('Basic Web App')).getByText(/deposit today: \$250/)).toBeInTheDocument();
});

test('tier buttons lead to purchase for tiers 1 and 2 and to consultation for tiers 3 and 4', async () => {
  await renderLanding();
  const expected = [
    ['Basic Web App', 'Get Started', '/purchase/1'],
    ['Standard Web App', 'Get Started', '/purchase/2'],
    ['Fractional Sr. SWE', 'Schedule Consultation', '/consultation/3'],
    ['Fractional CTO', 'Schedule Consultation', '/consultation/4'],
  ];
  for (const [tier, label, href] of expected) {
    expect(within(tierCard(tier!)).getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
});

test('Get Started navigates inside the app router', async () => {
  const user = userEvent.setup();
  await renderLanding();
  await user.click(within(tierCard('Standard Web App')).getByRole('link', { name: 'Get Started' }));
  expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/purchase/2');
});

test('external links open the configured pages in a new tab without an opener', async () => {
  await renderLanding();
  const external = [
    [/View Professional Profile/, TEST_CONFIG.links.founderProfile],
    [/Book a Free 15-Minute Consultation/, TEST_CONFIG.links.booking],
    [/Schedule a 15-Minute Call/, TEST_CONFIG.links.booking],
  ] as const;
  for (const [name, href] of external) {
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
  }
});

test('about shows the career cards and contact shows the quick consultation and what to expect', async () => {
  await renderLanding();
  const about = screen.getByRole('region', { name: 'Meet the Founder' });
  expect(within(about).getAllByRole('listitem').length).toBeGreaterThan(0);
  expect(within(about).getByText('Senior Software Engineer')).toBeInTheDocument();
  const contact = screen.getByRole('region', { name: "Let's Build Something Together" });
  expect(within(contact).getByRole('heading', { name: 'Send a Message' })).toBeInTheDocument();
  expect(within(contact).getByRole('form', { name: 'Send a Message' })).toBeInTheDocument();
  expect(within(contact).getByRole('heading', { name: 'Quick Consultation' })).toBeInTheDocument();
  expect(within(contact).getByRole('heading', { name: 'What to Expect' })).toBeInTheDocument();
  for (const item of [
    'Response within 24 hours',
    'Detailed project proposal',
    'Clear timeline and milestones',
    'Transparent pricing structure',
  ]) {
    expect(within(contact).getByText(item)).toBeInTheDocument();
  }
});

describe('service tier view event', () => {
  const observers: { callback: IntersectionObserverCallback; target?: Element; disconnected: boolean }[] = [];
  beforeEach(() => {
    observers.length = 0;
    localStorage.clear();
    delete window.fbq;
    document.getElementById('agency-ad-pixel')?.remove();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.target = target;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    };
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  const showServices = () => {
    const observer = observers.find((o) => o.target?.id === 'services')!;
    act(() =>
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    return observer;
  };

  test('is sent once through the pixel when the services section becomes visible', () => {
    localStorage.setItem('agency-tracking-consent', 'granted');
    renderPage(<LandingPage />, { config: { pixelId: '42' } });
    expect(window.fbq).toBeUndefined();
    const observer = showServices();
    expect(observer.disconnected).toBe(true);
    const tracked = window.fbq!.queue.filter((call) => call[0] === 'track');
    expect(tracked).toEqual([
      ['track', 'ViewContent', { content_category: 'Service Tiers', content_name: 'Services' }],
    ]);
  });

  test('is not sent before the visitor accepted tracking', () => {
    renderPage(<LandingPage />, { config: { pixelId: '42' } });
    showServices();
    expect(window.fbq).toBeUndefined();
    expect(document.getElementById('agency-ad-pixel')).toBeNull();
  });

  test('is not sent without a pixel id', () => {
    renderPage(<LandingPage />);
    showServices();
    expect(window.fbq).toBeUndefined();
  });
});

test('the contact form loads only once its section nears the viewport', async () => {
  const observed: {
    callback: IntersectionObserverCallback;
    target?: Element;
    options?: IntersectionObserverInit;
  }[] = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    record: (typeof observed)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options };
      observed.push(this.record);
    }
    observe(target: Element) {
      this.record.target = target;
    }
    disconnect() {}
  };
  try {
    renderPage(<LandingPage />);
    const contact = screen.getByRole('region', { name: "Let's Build Something Together" });
    expect(within(contact).queryByRole('form')).not.toBeInTheDocument();
    expect(within(contact).getByText('Loading the contact form')).toBeInTheDocument();
    const formSlot = observed.find((o) => o.target && contact.contains(o.target))!;
    expect(formSlot.options?.rootMargin).toBe('600px 0px');
    act(() =>
      formSlot.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(await within(contact).findByRole('form', { name: 'Send a Message' })).toBeInTheDocument();
  } finally {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
});
