export default {
  name: 'marketing',
  exposes: {
    './landing-page': './src/features/landing/components/landing-page.tsx',
    './terms-page': './src/features/terms/components/terms-page.tsx',
    './privacy-page': './src/features/privacy/components/privacy-page.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
  // Pages the host's server renders to HTML (from this release's server build, dist/ssr/pages.cjs).
  ssr: ['./landing-page', './terms-page', './privacy-page'],
};
