import type { BrowserContextOptions } from 'playwright-core';
import { logIn } from './accounts';
import { newPage } from './browser';
import type { ProductSuite } from './suite';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * The consultancy's and a client's dashboards in two browsers at once, each signed in and following the live
 * channel ("Live updates on"). `close` closes both browsers' contexts.
 */
export async function openSideBySide(
  suite: ProductSuite,
  sides: {
    client: { email: string; password: string; context?: BrowserContextOptions };
    admin?: { context?: BrowserContextOptions };
  },
) {
  const { product, browser } = suite;
  const adminContext = await browser.newContext(sides.admin?.context ?? DESKTOP);
  const clientContext = await browser.newContext(sides.client.context ?? DESKTOP);
  const close = async () => {
    await adminContext.close();
    await clientContext.close();
  };
  try {
    const admin = await newPage(adminContext);
    const client = await newPage(clientContext);
    await logIn(admin.page, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
    await logIn(client.page, product.url, sides.client.email, sides.client.password);
    await admin.page.getByText('Live updates on').waitFor();
    await client.page.getByText('Live updates on').waitFor();
    return { admin, client, close };
  } catch (error) {
    await close();
    throw error;
  }
}
