import { API_ROUTES, routePath } from '@agency/domain';
import { requestContract } from '@agency/domain/request-contract';
import { insertFixtureProject, startTestApi, type TestApi } from '../../test-support/test-api';

describe('the request contract (GET /api/contract)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers anyone with the fields each route takes, nested ones by their path', async () => {
    const response = await api.call('GET', '/api/contract');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ requests: requestContract() });
    const { requests } = response.body;
    expect(requests['POST /api/client-approve-project']).toEqual({
      body: [
        'action',
        'agreed',
        'monthlyFee',
        'paymentMethodId',
        'projectId',
        'proposalHash',
        'proposalVersion',
        'signedName',
      ],
    });
    expect(requests['POST /api/stripe-downpayment-intent'].body).toEqual(
      expect.arrayContaining(['metadata', 'metadata.type', 'customer', 'customer.email']),
    );
    expect(requests['GET /api/projects'].query).toEqual(expect.arrayContaining(['view', 'cursor']));
  });

  // The contract is only worth checking a release against if a field it does not list is refused.
  const withSchema = Object.entries(API_ROUTES).filter(([, spec]) => 'body' in spec || 'query' in spec);
  it.each(withSchema)('%s refuses a field the contract does not list (400 naming it)', async (_key, spec) => {
    const caller = spec.access === 'public' ? undefined : spec.access === 'admin' ? api.admin : api.clientA;
    const projectId = await insertFixtureProject(api.db, api.clientA, { tier: 3, state: 'active' });
    const path = routePath(spec.path, { id: projectId });
    const response =
      'query' in spec
        ? await api.call(spec.method, `${path}?notInTheContract=1`, { token: caller?.token })
        : await api.call(spec.method, path, {
            token: caller?.token,
            body: { notInTheContract: 1 },
          });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('notInTheContract');
  });
});
