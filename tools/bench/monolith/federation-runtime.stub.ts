// The monolith has no federation runtime; the diagnostics page reports remotes as unavailable.
export async function loadRemote(): Promise<null> {
  return null;
}
