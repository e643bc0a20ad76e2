import { getAppConfig, hasAppConfig, loadAppConfig, type AppConfig } from './index';

const config: AppConfig = {
  remotes: { marketing: { manifest: 'https://cdn.example/marketing/mf-manifest.json' } },
  siteUrl: 'https://site.example',
  apiUrl: 'https://api.example',
  supabaseUrl: 'https://auth.example',
  supabaseAnonKey: 'anon',
  stripePublishableKey: 'pk_test',
  links: {
    booking: 'https://book.example',
    founderProfile: 'https://profile.example',
    contactEmail: 'a@b.c',
  },
};

test('loads the runtime configuration without caching and keeps it for every package', async () => {
  expect(hasAppConfig()).toBe(false);
  expect(() => getAppConfig()).toThrow('App configuration is not loaded yet.');
  const fetchImpl = jest.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
  await expect(loadAppConfig('/app-config.json', fetchImpl as unknown as typeof fetch)).resolves.toEqual(
    config,
  );
  expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-cache' });
  expect(getAppConfig().apiUrl).toBe('https://api.example');
});

test('a failed load says which file and status', async () => {
  const fetchImpl = async () => new Response('nope', { status: 503 });
  await expect(loadAppConfig('/app-config.json', fetchImpl as unknown as typeof fetch)).rejects.toThrow(
    'Could not load /app-config.json: 503',
  );
});
