// The Module Federation runtime, in a chunk of its own: pages of the host itself (sign-in, reset password, 404)
// never load it, and a page served from a remote gets it preloaded with the page (web-server/src/server-render.mjs).
export { initFederation } from './init-federation';
export { loadRemote, preloadRemote, registerRemotes } from '@module-federation/runtime';
