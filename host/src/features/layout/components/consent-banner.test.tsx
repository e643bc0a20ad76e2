import { screen, waitFor, within } from '@testing-library/react';
import { PIXEL_SCRIPT_URL } from '@agency/tracking';
import { Route, Routes, renderHost } from '../../../testing/render-host';
import { AppLayout } from './app-layout';

const CONSENT_KEY = 'agency-tracking-consent';
const page = (
  <AppLayout>
    <Routes>
      <Route
        path="*"
        element={
          <>
            <h1>Page</h1>
            <button type="button">Page action</button>
          </>
        }
      />
    </Routes>
  </AppLayout>
);
const withPixel = { config: { pixelId: '123456' } };
const banner = () => screen.findByRole('region', { name: 'Privacy choices' });
const pixelScripts = () => document.querySelectorAll(`script[src="${PIXEL_SCRIPT_URL}"]`);

beforeEach(() => {
  localStorage.clear();
  document.getElementById('agency-ad-pixel')?.remove();
  delete window.fbq;
  delete window._fbq;
});

describe('consent banner', () => {
  it('without a pixel there is nothing to consent to: no banner, no Privacy choices, the policy is linked', async () => {
    renderHost(page);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(footer.queryByRole('button', { name: 'Privacy choices' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).not.toBeInTheDocument();
  });

  it('with a pixel, asks before anything is loaded, with Accept and Decline and a link to the policy', async () => {
    renderHost(page, withPixel);
    const region = within(await banner());
    expect(region.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(pixelScripts()).toHaveLength(0);
    expect(window.fbq).toBeUndefined();
  });

  it('is usable from the keyboard: accepting loads the pixel, remembers the choice and hands focus back to the page', async () => {
    const { user } = renderHost(page, withPixel);
    await banner();
    const accept = screen.getByRole('button', { name: 'Accept' });
    while (document.activeElement !== accept) await user.tab();
    expect(document.activeElement).toBe(accept);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Privacy choices' })).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(pixelScripts()).toHaveLength(1);
    expect(document.getElementById('main')).toHaveFocus();
  });

  it('comes before the page in tab order', async () => {
    const { user } = renderHost(page, withPixel);
    await banner();
    const order: Element[] = [];
    for (let i = 0; i < 12; i++) {
      await user.tab();
      order.push(document.activeElement!);
    }
    const accept = order.indexOf(screen.getByRole('button', { name: 'Accept' }));
    const pageAction = order.indexOf(screen.getByRole('button', { name: 'Page action' }));
    expect(accept).toBeGreaterThan(-1);
    expect(pageAction).toBeGreaterThan(accept);
  });

  it('declining loads nothing and is remembered on the next visit', async () => {
    const { user, unmount } = renderHost(page, withPixel);
    await user.click(within(await banner()).getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('denied');
    expect(pixelScripts()).toHaveLength(0);
    unmount();
    renderHost(page, withPixel);
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).not.toBeInTheDocument();
  });

  it('Privacy choices in the footer reopens it with the current choice, and focus returns to the footer', async () => {
    localStorage.setItem(CONSENT_KEY, 'denied');
    const { user } = renderHost(page, withPixel);
    const reopen = within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Privacy choices' });
    await user.click(reopen);
    const region = await banner();
    expect(region).toHaveTextContent('You have declined.');
    await waitFor(() => expect(region).toHaveFocus());
    await user.click(within(region).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Privacy choices' })).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(reopen).toHaveFocus();
  });

  it('sits at the bottom of the page, after the footer, so it never hides the last controls', async () => {
    renderHost(page, withPixel);
    const region = await banner();
    expect(getComputedStyle(region).position).toBe('sticky');
    expect(getComputedStyle(region).order).toBe('1');
  });
});
