/**
 * The modules that declare request schemas: a route names the schema its body or query is read with
 * (routes/*.ts), and the server and the request contract look it up here (request-contract.ts). Server and
 * tools only: browser code reads the routes, never this.
 */
export * from './schemas/contact-form';
export * from './schemas/consultation';
export * from './schemas/projects';
export * from './schemas/tickets';
export * from './schemas/payments';
export * from './schemas/remote-health';
export * from './files';
export * from './conversation';
export * from './billing';
export * from './proposals';
