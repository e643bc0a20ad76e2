import { getSystem, lightValuesOnly } from './system';

const system = getSystem();

test('the system has the light colour scheme only: no dark variables', () => {
  const conditions = [...system.tokens.cssVarMap.keys()];
  expect(conditions).toContain('base');
  expect(conditions.filter((condition) => condition.includes('dark'))).toEqual([]);
  expect(JSON.stringify(system.getTokenCss())).not.toContain('.dark');
});

test('semantic tokens keep their light values, the brand contrast fixes included', () => {
  expect(system.token('colors.fg.error')).toBe('var(--chakra-colors-fg-error)');
  const vars = system.tokens.cssVarMap.get('base');
  expect(vars?.get('--chakra-colors-fg-error')).toBe('var(--chakra-colors-red-700)');
  expect(vars?.get('--chakra-colors-bg')).toBe('var(--chakra-colors-white)');
  expect(vars?.get('--chakra-colors-gray-focus-ring')).toBe('var(--chakra-colors-brand-600)');
});

test('lightValuesOnly keeps plain values and nested groups as they are', () => {
  expect(
    lightValuesOnly({
      fg: { DEFAULT: { value: { _light: 'black', _dark: 'white' } }, muted: { value: 'gray' } },
      shadow: { value: { base: 'none', _dark: 'glow' }, description: 'kept' },
    }),
  ).toEqual({
    fg: { DEFAULT: { value: 'black' }, muted: { value: 'gray' } },
    shadow: { value: 'none', description: 'kept' },
  });
});

test('the global styles are built on first read, not with the system (patches/), and are whole when read', () => {
  expect(Object.getOwnPropertyDescriptor(system, '_global')?.get).toBeInstanceOf(Function);
  const globals = JSON.stringify(system._global);
  expect(globals).toContain('--chakra-colors-brand-solid');
  expect(system._global).toBe(system._global);
});

test('prepareSystem builds the same system in six steps, each after awaiting the next task, for getSystem', async () => {
  await jest.isolateModulesAsync(async () => {
    const fresh = await import('./system');
    const nextTask = jest.fn(() => Promise.resolve());
    const prepared = await fresh.prepareSystem(nextTask);
    expect(nextTask).toHaveBeenCalledTimes(6);
    expect(fresh.getSystem()).toBe(prepared);
    expect(prepared.token('colors.fg.error')).toBe(system.token('colors.fg.error'));
    expect(prepared.tokens.allTokens).toHaveLength(system.tokens.allTokens.length);
  });
});
