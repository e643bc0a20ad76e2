// Types of release-selection.mjs, for the host (TypeScript).
export declare const VISITOR_COOKIE: string;
export declare function bucketOf(text: string): number;
export interface CanaryRelease {
  manifest: string;
  release: string;
  share: number;
}
export declare function inCanary(
  visitorId: string,
  remote: string,
  canary: { release: string; share: number },
): boolean;
export declare function pickReleases<
  L extends { manifest: string; release?: string; previous?: object; canary?: CanaryRelease },
>(remotes: Record<string, L>, visitorId: string): Record<string, L>;
