// Test support: tests render routes in memory. Not shared at run time, so apps never ship it.
export { MemoryRouter } from 'react-router';
