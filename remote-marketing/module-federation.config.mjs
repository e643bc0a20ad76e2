export default {
  name: 'marketing',
  exposes: {
    './landing-page': './src/features/landing/components/landing-page.tsx',
    './terms-page': './src/features/terms/components/terms-page.tsx',
    './privacy-page': './src/features/privacy/components/privacy-page.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
};
