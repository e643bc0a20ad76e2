export default {
  name: 'client_portal',
  exposes: {
    './client-dashboard': './src/app/client-dashboard.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
};
