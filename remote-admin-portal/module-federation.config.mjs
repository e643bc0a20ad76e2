export default {
  name: 'admin_portal',
  exposes: {
    './admin-dashboard': './src/app/admin-dashboard.tsx',
    './instance-probe': './src/features/diagnostics/instance-probe.ts',
  },
};
