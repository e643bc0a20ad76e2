export default {
  name: 'client_portal',
  exposes: {
    './client-dashboard': './src/features/dashboard/components/client-dashboard.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
};
