const base = require('../jest.preset.cjs')({ dir: __dirname, dom: true });

// react-dnd 16 and its helpers ship ESM only: let SWC transpile them too.
module.exports = {
  ...base,
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|@hono|hono|@electric-sql|react-dnd|react-dnd-html5-backend|dnd-core|@react-dnd)/)',
  ],
};
