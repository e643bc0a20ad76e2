// The monolith has no federation runtime to start.
export function initFederation(): void {}
