import { createSystem, createSystemInSteps, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brand } from './brand/brand';
import { FONT_STACK } from './font-stack';

// Chakra's default theme ships ~75 component recipes; a system with only the recipes of the always-loaded
// kit (index.ts) measured ~22 kB gz smaller. Components that load on demand bring their own recipe
// (with-recipe.tsx). Everything else of the default theme is kept as is (dropping tokens, keyframes or
// preflight silently unstyles components). Add a recipe here when index.ts starts offering its component.
// Palettes no app uses are left out: building the system (every token, as CSS variables and lookups) is the
// longest single piece of start-up work on a phone, and each palette costs ~10% of it. Add one back here when
// an app needs it (colorPalette="teal" without it renders unstyled).
const UNUSED_PALETTES = ['teal', 'cyan', 'pink'];
const withoutUnusedPalettes = <T extends { colors?: object }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(
    Object.entries(group.colors ?? {}).filter(([name]) => !UNUSED_PALETTES.includes(name)),
  ),
});

type Tokens = { [key: string]: unknown };
const isConditionalValue = (value: unknown): value is { _light?: unknown; base?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  ('_light' in value || '_dark' in value);

/**
 * Every semantic token with its light value only. The product has one colour scheme: nothing sets Chakra's
 * `dark` class. The default theme still gives most semantic tokens a dark value, which doubles them in the
 * system (a conditional token each), in the CSS of every page's HTML (a `.dark` block of ~7.7 kB) and in
 * building the system at start-up (~30% of it).
 */
export function lightValuesOnly<T extends object>(group: T): T {
  return Object.fromEntries(
    Object.entries(group).map(([name, node]) => {
      if (typeof node !== 'object' || node === null) return [name, node];
      if (!('value' in node)) return [name, lightValuesOnly(node as Tokens)];
      const { value } = node as { value: unknown };
      return [name, isConditionalValue(value) ? { ...node, value: value._light ?? value.base } : node];
    }),
  ) as T;
}

const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: lightValuesOnly(withoutUnusedPalettes(semanticTokens)),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      icon: iconRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

const palette = (shades: Record<string, string>) =>
  Object.fromEntries(Object.entries(shades).map(([shade, value]) => [shade, { value }]));

// The brand's colours (brand/brand.json) as the `brand` palette, its font, the page widths every layout
// shares, and contrast fixes to the default theme: text, solid buttons and focus rings that measured under
// WCAG AA on white (error and success text 3.3-3.8:1, white on the green and orange solids, gray, green and
// orange focus rings 2.3-2.8:1) take a darker shade.
const brandTheme = defineConfig({
  theme: {
    tokens: {
      colors: { brand: palette(brand.colors) },
      fonts: { heading: { value: FONT_STACK }, body: { value: FONT_STACK } },
      sizes: {
        /** The content width of the header, footer, every page and dashboard (see PageContainer). */
        page: { value: '72rem' },
        /** A comfortable measure for running text. */
        prose: { value: '46rem' },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
          border: { value: '{colors.brand.200}' },
        },
        fg: {
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.700}' },
          success: { value: '{colors.green.700}' },
        },
        gray: { focusRing: { value: '{colors.brand.600}' } },
        green: {
          solid: { value: '{colors.green.700}' },
          focusRing: { value: '{colors.green.700}' },
        },
        orange: {
          solid: { value: '{colors.orange.700}' },
          focusRing: { value: '{colors.orange.700}' },
        },
        yellow: { focusRing: { value: '{colors.yellow.700}' } },
      },
    },
  },
  globalCss: {
    html: { scrollBehavior: 'smooth', scrollPaddingTop: '72px' },
  },
});

let system: ReturnType<typeof createSystem> | undefined;

/** The one Chakra system every app renders with, built on first use unless prepareSystem built it before. */
export function getSystem() {
  system ??= createSystem(defaultBaseConfig, theme, brandTheme);
  return system;
}

/**
 * Builds the system before the first render, each of its steps (the configs cloned, then merged; the tokens
 * registered, their "pre" phases, the rest of the token dictionary; the rest: patches/) in a task of its own: it
 * awaits `nextTask` before each. Built at once it was the longest task of a page's start-up, ~25 ms at full speed
 * and ~0.2-0.3 s on a phone, and a click waits for the task it lands in; each step now takes 4-9 ms at full speed.
 */
export async function prepareSystem(nextTask: () => Promise<void>) {
  const steps = createSystemInSteps(defaultBaseConfig, theme, brandTheme);
  while (!system) {
    await nextTask();
    const step = steps.next();
    if (step.done) system = step.value;
  }
  return system;
}
