import type { AppConfig } from '@agency/app-config';

// The federation runtime and the generated modules stand in for the real ones; the registry's own rules
// (which release to load, when to re-read the configuration, when to fall back) are what is tested.
jest.mock('@module-federation/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerRemotes: jest.fn(),
}));
jest.mock('@agency/app-config', () => ({ loadAppConfig: jest.fn(), hasAppConfig: () => false }));
jest.mock('@agency/federation/host-contract', () => ({ hostLoads: {} }), { virtual: true });
jest.mock(
  '@agency/federation/remote-contract',
  () => ({ contractProblems: () => [], modulesLoadedByHost: () => ({}) }),
  { virtual: true },
);
jest.mock('@agency/federation/shared-modules', () => ({ sharedModules: {} }), { virtual: true });

type Registry = typeof import('./remote-registry');
type Runtime = { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const manifest = (release: string) => `https://cdn.example/checkout/${release}/mf-manifest.json`;
const Page = () => null;

function load() {
  let registry!: Registry;
  let appConfig!: { loadAppConfig: jest.Mock };
  let compatibility!: typeof import('../../../runtime-plugin/compatibility');
  jest.isolateModules(() => {
    registry = require('./remote-registry');
    appConfig = require('@agency/app-config');
    compatibility = require('../../../runtime-plugin/compatibility');
  });
  registry.startFederationOnDemand({
    routes: [],
    dashboard: {},
    diagnostics: { remotes: [], exposed: './instance-probe' },
  });
  // The registry loads the runtime on demand, after the isolated registry above was set up: that import
  // resolves through jest's main module registry, where this is the same mock.
  const runtime: Runtime = require('@module-federation/runtime');
  const refused = (release: string) =>
    new compatibility.IncompatibleReleaseError('checkout', manifest(release), [
      {
        kind: 'out-of-range',
        remote: 'checkout',
        module: '@agency/ui',
        required: '^1.0.0',
        provided: '0.1.0',
      },
    ]);
  return { registry, runtime, appConfig, refused };
}

const remotes = (current: string, previous?: string): AppConfig['remotes'] => ({
  checkout: {
    manifest: manifest(current),
    release: current,
    ...(previous && { previous: { manifest: manifest(previous), release: previous } }),
  },
});

beforeEach(() => jest.clearAllMocks());

test('loads a page from the current release', async () => {
  const { registry, runtime } = load();
  registry.registerRemoteLocations(remotes('v2', 'v1'));
  runtime.loadRemote.mockResolvedValue({ default: Page });
  await expect(registry.loadRemotePage('checkout', './purchase-page')).resolves.toEqual({ default: Page });
  expect(runtime.loadRemote).toHaveBeenCalledWith('checkout/purchase-page');
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'checkout', entry: manifest('v2') }], {
    force: false,
  });
});

test('a release that does not fit this host is replaced by the previous one, and stays replaced', async () => {
  const { registry, runtime, refused } = load();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  registry.registerRemoteLocations(remotes('v3', 'v1'));
  const refusal = refused('v3');
  runtime.loadRemote.mockRejectedValueOnce(refusal).mockResolvedValue({ default: Page });

  await expect(registry.loadRemotePage('checkout', './purchase-page')).resolves.toEqual({
    default: Page,
    replaced: refusal,
  });
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'checkout', entry: manifest('v1') }], {
    force: true,
  });

  runtime.loadRemote.mockClear();
  await expect(registry.loadRemotePage('checkout', './consultation-page')).resolves.toMatchObject({
    replaced: refusal,
  });
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
});

test('without a previous release, the error says the release does not fit (not that the network failed)', async () => {
  const { registry, runtime, refused } = load();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  registry.registerRemoteLocations(remotes('v3'));
  runtime.loadRemote.mockRejectedValue(refused('v3'));
  const error = await registry.loadRemotePage('checkout', './purchase-page').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(registry.RemoteUnavailableError);
  expect((error as InstanceType<Registry['RemoteUnavailableError']>).incompatible?.problems[0]?.module).toBe(
    '@agency/ui',
  );
});

test('an unreachable remote is an outage, with no fallback', async () => {
  const { registry, runtime } = load();
  registry.registerRemoteLocations(remotes('v2', 'v1'));
  runtime.loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
  const error = await registry.loadRemotePage('checkout', './purchase-page').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(registry.RemoteUnavailableError);
  expect((error as InstanceType<Registry['RemoteUnavailableError']>).incompatible).toBeUndefined();
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
});

test('a navigation re-reads the configuration once it is 10 s old, and the new release is current after it', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const { registry, appConfig } = load();
    registry.registerRemoteLocations(remotes('v1'));
    appConfig.loadAppConfig.mockResolvedValue({ remotes: remotes('v2', 'v1') });

    expect(registry.refreshOnNavigation('first')).toBeUndefined();
    jest.setSystemTime(1_009_000);
    expect(registry.refreshOnNavigation('second')).toBeUndefined();
    expect(appConfig.loadAppConfig).not.toHaveBeenCalled();

    jest.setSystemTime(1_010_000);
    const reading = registry.refreshOnNavigation('third');
    expect(reading).toBeInstanceOf(Promise);
    expect(registry.refreshOnNavigation('third')).toBe(reading);
    await reading;
    expect(appConfig.loadAppConfig).toHaveBeenCalledTimes(1);
    expect(registry.currentRelease('checkout')).toBe(manifest('v2'));
    expect(registry.refreshOnNavigation('third')).toBeUndefined();
    expect(registry.refreshOnNavigation('fourth')).toBeUndefined();
  } finally {
    jest.useRealTimers();
  }
});

test('a configuration that cannot be read keeps the known locations', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const { registry, appConfig } = load();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    registry.registerRemoteLocations(remotes('v1'));
    appConfig.loadAppConfig.mockRejectedValue(new Error('Could not load /app-config.json: 503'));
    jest.setSystemTime(1_020_000);
    await registry.refreshOnNavigation('later');
    expect(registry.currentRelease('checkout')).toBe(manifest('v1'));
  } finally {
    jest.useRealTimers();
  }
});

test('a prefetch reads an old configuration again first, and fetches the release the navigation will load', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const { registry, runtime, appConfig } = load();
    const preload = jest.requireMock('@module-federation/runtime').preloadRemote as jest.Mock;
    registry.registerRemoteLocations(remotes('v1'));
    appConfig.loadAppConfig.mockResolvedValue({ remotes: remotes('v2', 'v1') });
    jest.setSystemTime(1_010_000);
    registry.prefetchRemote('checkout', './purchase-page');
    await jest.runAllTimersAsync();
    expect(appConfig.loadAppConfig).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'checkout', entry: manifest('v2') }], {
      force: false,
    });
    expect(preload).toHaveBeenCalledWith([
      { nameOrAlias: 'checkout', exposes: ['./purchase-page'], resourceCategory: 'sync' },
    ]);
  } finally {
    jest.useRealTimers();
  }
});
