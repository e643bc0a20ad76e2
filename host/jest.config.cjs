const config = require('../jest.preset.cjs')({ dir: __dirname, dom: true });
// The host imports one plain module of the tools (tools/federation/release-selection.mjs): transpiled too.
config.transform['^.+\\.mjs$'] = config.transform['^.+\\.(t|j)sx?$'];
module.exports = config;
