// The contract between a remote release and the API: what the release may send (the request fields of the
// shared/domain it was built with) against what the running API takes (GET /api/contract, from the table its
// routes read requests with). The API refuses an unknown field with a 400, so a release that sends one, e.g.
// a client portal built after a new approval field but released before the API that knows it, would fail in
// every browser on that call. `npm run release` and `npm run rollback` refuse it instead: ship the API first.
// Each remote's production build carries its contract as api-requests.json beside mf-manifest.json, so a
// release built elsewhere (--from) or one rolled back to is checked by what it was built with.
import { readFromTypeScript } from './typescript-module.mjs';

export const API_REQUESTS_FILE = 'api-requests.json';

/**
 * @typedef {Record<string, { body?: string[], query?: string[] }>} RequestContract
 *   `POST /api/client-approve-project` -> the fields its body (or query) takes, nested ones as `metadata.type`.
 * @typedef {{ kind: 'no-route', route: string } | { kind: 'no-field', route: string, part: 'body' | 'query',
 *             fields: string[] }} RequestProblem
 */

/**
 * The request contract of shared/domain as it is in this checkout: what a remote built from it sends, and
 * what an API started from it takes.
 * @returns {RequestContract}
 */
export function currentRequestContract() {
  return readFromTypeScript(
    `const { requestContract } = await import('@agency/domain/request-contract');
process.stdout.write(JSON.stringify(requestContract()));`,
    'the request contract of @agency/domain',
  );
}

/**
 * What a release may send that the API would refuse; empty when every route and field it knows is taken.
 * @param {RequestContract} sent the release's contract
 * @param {RequestContract} accepted the API's
 * @returns {RequestProblem[]}
 */
export function requestProblems(sent, accepted) {
  /** @type {RequestProblem[]} */
  const problems = [];
  for (const [route, parts] of Object.entries(sent)) {
    const taken = accepted[route];
    if (!taken) {
      problems.push({ kind: 'no-route', route });
      continue;
    }
    for (const part of /** @type {const} */ (['body', 'query'])) {
      const fields = (parts[part] ?? []).filter((field) => !taken[part]?.includes(field));
      if (fields.length) problems.push({ kind: 'no-field', route, part, fields });
    }
  }
  return problems;
}

/**
 * What a problem means, for people.
 * @param {RequestProblem} problem
 */
export function describeRequestProblem(problem) {
  return problem.kind === 'no-route'
    ? `${problem.route}: the API does not have this route`
    : `${problem.route}: the API does not take ${problem.fields.join(', ')} in its ${problem.part}`;
}

/** Emits api-requests.json into a remote's production build: the request contract it was built with. */
export class RequestContractPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    let contract;
    compiler.hooks.thisCompilation.tap('RequestContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RequestContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          contract ??= currentRequestContract();
          compilation.emitAsset(
            API_REQUESTS_FILE,
            new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`),
          );
        },
      );
    });
  }
}
