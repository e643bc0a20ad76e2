// The portals' dashboard state: pages of the server's views, boards, counts and notifications, updated in
// place from the server's answers and the live channel (GET /api/live). Each portal makes its own store.
export * from './portal-store';
export * from './use-portal';
