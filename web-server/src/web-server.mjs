// The production web server: the host and each remote on its own origin, as the web tier serves them. The
// host's pages are rendered on the server with the current runtime configuration; each remote's origin serves
// its immutable release folders; the visitor's releases are picked per visitor (canaries, preview links); the
// release guard ends a failing canary. The API and the hosted services run elsewhere: main.mjs is the web
// container's entry point, and `npm start` (tools/product/start-product.mjs) runs the same beside the services.
import { join } from 'node:path';
import { APPS, ROOT } from './apps.mjs';
import { publishRelease, readPointer, releasePaths, remoteApps, switchRelease } from './releases.mjs';
import { startReleaseGuard } from './release-guard.mjs';
import { runtimeConfig } from './runtime-config.mjs';
import { createServerRenderer } from './server-render.mjs';
import { contentSecurityPolicy, startStaticServer } from './static-server.mjs';
import { visitorReleases } from './visitor-releases.mjs';

/**
 * Publishes each remote's build as an immutable release, so the product only ever serves release folders
 * (a rebuild in place cannot change a file under a visitor). A new build becomes current only over what an
 * earlier start made current: once a remote's team has released or rolled back (npm run release, rollback),
 * their choice stands, and a restart or a new image of the whole product (whose remotes were rebuilt from
 * main) never undoes it or ships a remote its team has not released. A build published before stays off too.
 * @param {Record<string, string>} builds remote name -> build folder, for the ones not in <remote>/dist
 */
export async function publishBuilds(env, builds = {}, log) {
  const { pointerFile } = releasePaths(env);
  for (const remote of await remoteApps()) {
    const published = publishRelease({
      env,
      remote,
      buildDir: builds[remote.name] ?? join(ROOT, remote.dir, 'dist'),
    });
    const entry = readPointer(pointerFile)[remote.name];
    const current = entry?.history.at(-1);
    const startsOwn = !current || entry.startedWith === current;
    if (current === published.release || (published.created && startsOwn)) {
      const { from } = switchRelease({ env, remote, release: published.release, byStart: startsOwn });
      const was = from && from !== published.release ? `, was ${from}` : '';
      log?.(
        `[releases] ${remote.name} ${published.release} (${published.created ? 'new build, ' : ''}current${was})`,
      );
    } else {
      const why = published.created
        ? `is published and stays off, since ${current} was released by its team: npm run release -- ${remote.name} ships it`
        : `was published before and stays off: npm run rollback -- ${remote.name} --to ${published.release} serves it`;
      log?.(
        `[releases] ${remote.name} ${current} (current; the build in ${remote.dir}/dist, ${published.release}, ${why})`,
      );
    }
  }
}

/**
 * Publishes the builds, then serves the host and every remote on the ports `env` names (from
 * local-env.mjs's resolveLocalEnv) and starts the release guard; resolves once every origin answers.
 * @param {{ env: Record<string, string>, builds?: Record<string, string>, log?: (line: string) => void }} options
 *   `builds`: remote name -> the build folder to publish at start instead of <remote>/dist (tests).
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} `url`: the host's; `stop` closes everything it
 *   started, last first.
 */
export async function startWebServer({ env, builds = {}, log }) {
  const stops = [];
  const stop = async () => {
    for (const close of stops.reverse()) await close().catch(() => {});
  };
  try {
    await publishBuilds(env, builds, log);
    const { releasesDir } = releasePaths(env);
    const remotes = Object.fromEntries((await remoteApps()).map((remote) => [remote.dir, remote.name]));
    let warmUp = () => {};
    for (const app of APPS) {
      const isHost = app.dir === 'host';
      // The host's pages are rendered on the server, with the current configuration inside.
      const pages = isHost ? createServerRenderer({ hostDir: join(ROOT, app.dir, 'dist'), log }) : undefined;
      const appConfig = isHost ? runtimeConfig(env, { log }) : undefined;
      const server = await startStaticServer({
        // The host is deployed in place; each remote's origin serves its release folders.
        dir: isHost ? join(ROOT, app.dir, 'dist') : join(releasesDir, remotes[app.dir]),
        port: Number(env[app.portVar]),
        spa: isHost,
        cors: !isHost,
        immutable: !isHost,
        csp: isHost ? contentSecurityPolicy : undefined,
        // As the API and the stand-ins: this machine only, unless BIND_HOST opens it (in a container).
        host: env.BIND_HOST || undefined,
        appConfig,
        ...(isHost && {
          visitor: visitorReleases({
            secret: env.RELEASE_PREVIEW_SECRET,
            releasesDir,
            secure: env.PUBLIC_SITE_URL?.startsWith('https:'),
          }),
        }),
        ...(pages && { render: pages.render, files: pages.files }),
      });
      if (pages) {
        stops.push(pages.close);
        warmUp = () => void pages.warm(appConfig());
      }
      stops.push(server.close);
    }
    // Once every origin answers: the public pages are rendered before their first visitors.
    warmUp();
    // Canaries that fail in browsers more than the current release are rolled back (release-guard.mjs).
    stops.push(startReleaseGuard(env, { log: log ?? console.error }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: env.PUBLIC_SITE_URL, stop };
}
