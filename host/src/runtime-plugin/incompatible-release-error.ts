import type { ContractProblem } from '@agency/federation/remote-contract';

/**
 * A remote release this host cannot run: a shared module outside the range it needs, or a missing page.
 * Apart from the compatibility plugin, so the pages can tell it from an outage without loading the runtime.
 */
export class IncompatibleReleaseError extends Error {
  constructor(
    readonly remote: string,
    readonly manifestUrl: string,
    readonly problems: ContractProblem[],
  ) {
    super(
      `${remote} release ${manifestUrl} does not fit this host: ${problems.map((p) => p.module).join(', ')}`,
    );
    this.name = 'IncompatibleReleaseError';
  }
}
