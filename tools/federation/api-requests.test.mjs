import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentRequestContract, describeRequestProblem, requestProblems } from './api-requests.mjs';

const approve = (...body) => ({ 'POST /api/client-approve-project': { body } });

test('a release fits an API that takes every field it may send, or more', () => {
  assert.deepEqual(requestProblems(approve('action', 'projectId'), approve('action', 'projectId')), []);
  assert.deepEqual(requestProblems(approve('action'), approve('action', 'monthlyFee', 'projectId')), []);
});

test('a field or a route the API does not take is a problem, said with the route', () => {
  const problems = requestProblems(
    {
      ...approve('action', 'monthlyFee', 'projectId'),
      'GET /api/projects': { query: ['view', 'sort'] },
      'POST /api/new-route': { body: ['x'] },
    },
    { ...approve('action', 'projectId'), 'GET /api/projects': { query: ['view'] } },
  );
  assert.deepEqual(problems.map(describeRequestProblem), [
    'POST /api/client-approve-project: the API does not take monthlyFee in its body',
    'GET /api/projects: the API does not take sort in its query',
    'POST /api/new-route: the API does not have this route',
  ]);
});

test("this checkout's contract is read from @agency/domain's TypeScript", () => {
  const contract = currentRequestContract();
  assert.deepEqual(contract['POST /api/client-approve-project'], {
    // The signature fields of issue 33: the approval signs the proposal it accepts.
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
  assert.ok(contract['POST /api/stripe-downpayment-intent'].body.includes('metadata.type'));
});
