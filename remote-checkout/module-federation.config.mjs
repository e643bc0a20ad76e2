export default {
  name: 'checkout',
  exposes: {
    './purchase-page': './src/features/purchase/components/purchase-page.tsx',
    './consultation-page': './src/features/consultation/components/consultation-page.tsx',
    './purchase-success-page': './src/features/purchase/components/purchase-success-page.tsx',
    './consultation-success-page': './src/features/consultation/components/consultation-success-page.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
  // Pages the host's server renders to HTML (from this release's server build, dist/ssr/pages.cjs): every
  // page; the purchase page's card field mounts in the browser, once Stripe.js has loaded.
  ssr: ['./purchase-page', './consultation-page', './purchase-success-page', './consultation-success-page'],
};
