// The host's server entry (built for Node by tools/federation/create-ssr-config.mjs, never shipped to
// browsers): renders a page with the same tree the browser hydrates, with the current runtime configuration
// and the current release of the remote that owns the page. web-server/src/server-render.mjs calls it.
import { createHash } from 'node:crypto';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { INLINE_APP_CONFIG_ID, setAppConfig, type AppConfig } from '@agency/app-config';
import { matchPath } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { UiProvider } from '@agency/ui';
import { SERVER_RULES_ATTRIBUTE, ServerStyles } from '@agency/ui/server';
import { App } from '../app/app';
import {
  DASHBOARD_REMOTES,
  HOST_PATHS,
  HOST_ROUTE_CHUNKS,
  REMOTE_ROUTES,
  remoteForPath,
} from '../app/route-table';
import { rolePreloadScript, sessionHintScript } from '../features/layout/utils/session-hint';
import { headTags } from '../features/page-head/utils/head-tags';
import { pageHead } from '../features/page-head/utils/page-heads';
import type { RemoteRoute } from '../lib/federation/remote-route';
import { earlyInputScript } from '../lib/dom/early-input';
import { scriptJson } from '../lib/dom/script-json';
import type { PreloadFile } from '../lib/dom/start-up-files';
// The server build puts this in place of the browser's registry for the pages too (create-ssr-config.mjs).
import { setServerRemotes, type ServerPageLoader } from './server-remote-registry';

export { sharedModules } from '@agency/federation/server-shared-modules';
export { SITEMAP_PATHS } from '../features/page-head/utils/page-heads';
export { startUpFilesElement } from '../lib/dom/start-up-files';

export interface RenderRequest {
  /** Path and query of the request. */
  url: string;
  config: AppConfig;
  loadRemotePage: ServerPageLoader;
}

export interface RenderedPage {
  status: number;
  /** Title, meta and link tags, the configuration and the session hint, for the document's head. */
  head: string;
  /** The app's HTML, for <div id="root">. */
  html: string;
  /** CSP hashes ('sha256-…') of the inline scripts in `head`. */
  scriptHashes: string[];
  /** The remote page this route shows, whose entry and chunks the server preloads. */
  remote?: RemoteRoute;
  /** The dashboard: a remote page for each role, whose files the head preloads for the role kept last time. */
  remotesByRole?: Readonly<Record<'ADMIN' | 'CLIENT', RemoteRoute>>;
  /** The host's own chunks (by name) this route needs before it can be hydrated. */
  chunks: string[];
}

/** The digest the browser's hydration error carries for a page left to the browser on purpose. */
export const CLIENT_RENDERED = 'client-rendered';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

function isKnownPath(pathname: string): boolean {
  return (
    REMOTE_ROUTES.some((route) => matchPath(route.path, pathname)) ||
    Object.values(HOST_PATHS).some((path) => path === pathname)
  );
}

/** The configuration as the page carries it: JSON that no value can break out of. */
function configElement(config: AppConfig): string {
  return `<script id="${INLINE_APP_CONFIG_ID}" type="application/json">${scriptJson(config)}</script>`;
}

/**
 * How long a page may wait for what it suspends on (a remote's files answer within 2 s or are left to the
 * browser): after that, what is still pending is sent as its fallback and rendered in the browser, instead of
 * holding up this page and every page queued behind it.
 */
const RENDER_WAIT_MS = 4000;

async function renderToString(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, {
    signal: AbortSignal.timeout(RENDER_WAIT_MS),
    // Every boundary inline, in place: React would move large ones to the end of the document, behind an
    // inline script the CSP does not allow.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      // A page the server does not render, or one that failed here: the browser renders it instead.
      if ((error as Error | undefined)?.name === 'NotServerRendered') return CLIENT_RENDERED;
      console.error('[server-render]', error);
      return undefined;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const EMOTION_STYLE = /<style data-emotion="([^"]+)"(?: nonce="[^"]*")?>([\s\S]*?)<\/style>/g;

/**
 * Emotion writes each rule in a <style> just before the first element using it; hundreds of them inside the
 * body cost the browser a style recalculation each while it parses, before the first paint. They go into the
 * head instead: the global styles one element each (as Emotion's Global finds them again when hydrating),
 * every other rule in one element naming them all (as the browser's style cache takes them over). `data-s`
 * tells Emotion's default cache they need no moving out of the body.
 */
function hoistStyles(html: string): { html: string; styles: string } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const body = html.replace(EMOTION_STYLE, (_, attribute: string, css: string) => {
    const [key, ...ids] = attribute.split(' ');
    if (key?.endsWith('-global')) globals.push(`<style data-emotion="${attribute}" data-s="">${css}</style>`);
    else {
      names.push(...ids);
      rules.push(css);
    }
    return '';
  });
  const componentRules = names.length
    ? `<style ${SERVER_RULES_ATTRIBUTE}="${names.join(' ')}">${rules.join('')}</style>`
    : '';
  return { html: body, styles: `${globals.join('')}${componentRules}` };
}

/**
 * The dashboard's head script that preloads the portal of the role this browser kept (see rolePreloadScript),
 * with its CSP hash; the server works out each role's files from the remotes' current releases.
 */
export function rolePreloadTag(
  supabaseUrl: string,
  filesByRole: Record<'ADMIN' | 'CLIENT', PreloadFile[]>,
): { tag: string; scriptHash: string } {
  const script = rolePreloadScript(supabaseUrl, filesByRole);
  return { tag: `<script>${script}</script>`, scriptHash: cspHash(script) };
}

// One render at a time: the configuration and the remote registry are module state.
let queue: Promise<unknown> = Promise.resolve();

export function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const run = queue.then(() => render(request));
  queue = run.catch(() => {});
  return run;
}

async function render({ url, config, loadRemotePage }: RenderRequest): Promise<RenderedPage> {
  const pathname = new URL(url, 'http://server.invalid').pathname;
  setAppConfig(config);
  setServerRemotes(config.remotes, loadRemotePage);
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  // The dashboard is a different page (and remote) for each role, which only the browser knows: a spinner to
  // hydrate would only hold the browser's first render back (hydration runs as a transition), so the browser
  // renders it from scratch. Its head still carries the kit's global styles, which the browser then parses
  // with the page instead of building them in script on the way to the first card.
  const byRole = pathname === HOST_PATHS.dashboard;
  const rendered = await renderToString(
    <StrictMode>
      <ServerStyles>{byRole ? <UiProvider>{null}</UiProvider> : <App router={Router} />}</ServerStyles>
    </StrictMode>,
  );
  const { html, styles } = hoistStyles(rendered);

  const head = pageHead(pathname);
  const hint = sessionHintScript(config.supabaseUrl);
  // Clicks and submits that reach a control before its part of the page is hydrated are kept for it.
  const earlyInput = earlyInputScript();
  const tags = headTags(head, { siteUrl: config.siteUrl, pathname }).map(
    ({ tag, key, attrs }) =>
      `<${tag} ${key[0]}="${escapeHtml(key[1])}"${Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')}>`,
  );
  // A page hydrated on the visitor's first input (RemotePage) preloads nothing of its remote: a visitor who only
  // reads it loads none of it.
  const route = byRole ? undefined : remoteForPath(pathname, null);
  const remote = route?.hydrate ? undefined : route;
  return {
    status: isKnownPath(pathname) ? 200 : 404,
    head: [
      `<title>${escapeHtml(head.title)}</title>`,
      ...tags,
      configElement(config),
      `<script>${earlyInput}</script>`,
      `<script>${hint}</script>`,
      styles,
    ].join(''),
    html,
    scriptHashes: [cspHash(hint), cspHash(earlyInput)],
    ...(remote && { remote }),
    ...(byRole && { remotesByRole: DASHBOARD_REMOTES }),
    chunks: HOST_ROUTE_CHUNKS[pathname] ?? (remote || byRole ? ['federation'] : []),
  };
}
