// Placeholder filled by the bundle-size work: aliases the MF runtime packages to their ESM builds.
export function federationRuntimeAliases() {
  return {};
}
