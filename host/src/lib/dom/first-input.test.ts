import { earlyInputScript } from './early-input';
import { answerNavigationWhileAsleep, FIRST_INPUT_ATTRIBUTE, whenFirstInput } from './first-input';

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('whenFirstInput', () => {
  test.each(['pointerdown', 'keydown', 'focusin', 'wheel', 'touchstart'])(
    'wakes on the first %s anywhere on the page',
    async (type) => {
      const { woken } = whenFirstInput();
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      await expect(woken).resolves.toBeUndefined();
      expect(woken.status).toBe('fulfilled');
    },
  );

  test('wakes on the first scroll', async () => {
    const { woken } = whenFirstInput();
    window.dispatchEvent(new Event('scroll'));
    await expect(woken).resolves.toBeUndefined();
  });

  test('is marked fulfilled at once when woken by hand, even after React marked it pending', () => {
    const { woken, wake } = whenFirstInput();
    // What React's `use` writes on a promise it waits for.
    woken.status = 'pending';
    wake();
    expect(woken.status).toBe('fulfilled');
  });

  test("an input the page's head script saw before the app started counts", () => {
    document.documentElement.removeAttribute(FIRST_INPUT_ATTRIBUTE);
    // The script the server writes into every page's head, run as the browser runs it.
    new Function(earlyInputScript())();
    expect(whenFirstInput().woken.status).toBeUndefined();
    window.dispatchEvent(new Event('scroll'));
    expect(document.documentElement.hasAttribute(FIRST_INPUT_ATTRIBUTE)).toBe(true);
    expect(whenFirstInput().woken.status).toBe('fulfilled');
    document.documentElement.removeAttribute(FIRST_INPUT_ATTRIBUTE);
  });

  test('stops listening once woken', async () => {
    const add = jest.spyOn(document, 'addEventListener');
    const remove = jest.spyOn(document, 'removeEventListener');
    const { woken } = whenFirstInput();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await woken;
    const added = add.mock.calls.map(([type]) => type);
    expect(remove.mock.calls.map(([type]) => type)).toEqual(added);
    add.mockRestore();
    remove.mockRestore();
  });
});

describe('answerNavigationWhileAsleep', () => {
  function page() {
    document.body.innerHTML = `
      <header><a href="/">Home</a><a href="/#services">Services</a><a href="/login">Login</a></header>
      <div id="region">
        <a href="/purchase/1?from=landing#top">Get Started</a>
        <a href="https://elsewhere.example/">Elsewhere</a>
        <a href="/terms-of-service" target="_blank">Terms</a>
        <section id="services"><h2 id="services-heading">Services</h2></section>
      </div>`;
    const region = document.getElementById('region')!;
    const navigate = jest.fn();
    const stop = answerNavigationWhileAsleep(region, navigate);
    stops.push(stop);
    const click = (name: string, init: MouseEventInit = {}) => {
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      link.dispatchEvent(event);
      return event;
    };
    return { navigate, stop, click };
  }

  test("a link in the page to another page goes through the app's router", () => {
    const { navigate, click } = page();
    expect(click('Get Started').defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/purchase/1?from=landing#top');
  });

  test('a link to a section of this page scrolls there and focuses its heading, without the router', () => {
    const { navigate, click } = page();
    const scrolled = jest.fn();
    document.getElementById('services')!.scrollIntoView = scrolled;
    expect(click('Services').defaultPrevented).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#services');
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(document.activeElement).toBe(document.getElementById('services-heading'));
  });

  test('a link to this page without a section only sets the address', () => {
    const { navigate, click } = page();
    window.history.pushState(null, '', '/#about');
    expect(click('Home').defaultPrevented).toBe(true);
    expect(window.location.hash).toBe('');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('Back and Forward between sections of this page never reach the router; to another page they do', () => {
    const { stop } = page();
    const router = jest.fn();
    window.addEventListener('popstate', router);
    window.history.pushState(null, '', '/#services');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(router).not.toHaveBeenCalled();
    window.history.pushState(null, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(router).toHaveBeenCalledTimes(1);
    stop();
    window.history.pushState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(router).toHaveBeenCalledTimes(2);
    window.removeEventListener('popstate', router);
  });

  test('other links keep their own behaviour: outside the page, another site, a new tab, a modifier key', () => {
    const { navigate, click } = page();
    expect(click('Login').defaultPrevented).toBe(false);
    expect(click('Elsewhere').defaultPrevented).toBe(false);
    expect(click('Terms').defaultPrevented).toBe(false);
    expect(click('Get Started', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('answers nothing once stopped (the page is hydrated)', () => {
    const { navigate, stop, click } = page();
    stop();
    expect(click('Get Started').defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
