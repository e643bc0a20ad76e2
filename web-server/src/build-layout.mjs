// Where the files the web server reads sit inside a build: written by the builds (tools/federation, whose
// plugins import these names from here) and read by the server.

/** Where the host's server build sits inside its build. */
export const HOST_SSR_FILE = '.ssr/render-page.cjs';
/** Where a remote's server build sits inside its build (and so inside each release). */
export const REMOTE_SSR_FILE = 'ssr/pages.cjs';
/** Which files each named chunk group of the host's build consists of (its ChunkGroupsPlugin writes it). */
export const CHUNK_GROUPS_FILE = '.ssr/chunk-groups.json';
/** What the host offers remotes and asks of them, beside its index.html (served as /federation-host.json). */
export const HOST_CONTRACT_FILE = 'federation-host.json';
