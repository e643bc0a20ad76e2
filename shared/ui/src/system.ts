import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const brand = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.blue.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.blue.800}' },
          muted: { value: '{colors.blue.100}' },
          subtle: { value: '{colors.blue.50}' },
          emphasized: { value: '{colors.blue.200}' },
          focusRing: { value: '{colors.blue.600}' },
        },
      },
    },
  },
  globalCss: {
    html: { scrollBehavior: 'smooth', scrollPaddingTop: '72px' },
    body: { bg: 'bg', color: 'fg' },
  },
});

/** The one Chakra system every app renders with. */
export const system = createSystem(defaultConfig, brand);
