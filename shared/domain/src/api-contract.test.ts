import { API_ROUTES } from './api-contract';
import { requestContract } from './request-contract';
import * as REQUEST_SCHEMAS from './request-schemas';
import { SITE_ROUTES } from './routes/site';
import { PROJECT_ROUTES } from './routes/projects';
import { TICKET_ROUTES } from './routes/tickets';
import { ACCOUNT_ROUTES } from './routes/account';
import { INBOX_ROUTES } from './routes/inbox';
import { PAYMENT_ROUTES } from './routes/payments';
import { SYSTEM_ROUTES } from './routes/system';
import { FILE_ROUTES } from './routes/files';
import { CONVERSATION_ROUTES } from './routes/conversation';
import { BILLING_ROUTES } from './routes/billing';
import { PROPOSAL_ROUTES } from './routes/proposals';

const FEATURE_TABLES = [
  SITE_ROUTES,
  PROJECT_ROUTES,
  TICKET_ROUTES,
  ACCOUNT_ROUTES,
  INBOX_ROUTES,
  PAYMENT_ROUTES,
  SYSTEM_ROUTES,
  FILE_ROUTES,
  CONVERSATION_ROUTES,
  BILLING_ROUTES,
  PROPOSAL_ROUTES,
];

describe('the route table', () => {
  it('declares each route once: no name in two feature files, no method and path twice', () => {
    const names = FEATURE_TABLES.flatMap((table) => Object.keys(table));
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(API_ROUTES).sort()).toEqual([...names].sort());
    const endpoints = Object.values(API_ROUTES).map(({ method, path }) => `${method} ${path}`);
    expect(endpoints.length).toBe(new Set(endpoints).size);
  });

  it('names only request schemas that exist, each read from the body or the query, never both', () => {
    for (const [key, route] of Object.entries(API_ROUTES) as [string, Record<string, unknown>][]) {
      const named = (['body', 'query'] as const).filter((part) => part in route);
      expect([key, named.length <= 1]).toEqual([key, true]);
      for (const part of named) {
        const schema = REQUEST_SCHEMAS[route[part] as keyof typeof REQUEST_SCHEMAS] as { describe?: unknown };
        expect([key, typeof schema?.describe]).toEqual([key, 'function']);
      }
    }
  });

  it('publishes the fields of every route that reads a body or a query', () => {
    const contract = requestContract();
    expect(contract['POST /api/contact-form']).toEqual({
      body: ['company', 'email', 'firstName', 'lastName', 'projectDetails'],
    });
    expect(contract['GET /api/get-subscription-plans']).toEqual({ query: ['tier'] });
    const reading = Object.values(API_ROUTES).filter((route) => 'body' in route || 'query' in route);
    expect(Object.keys(contract)).toHaveLength(reading.length);
  });
});
