import { requestBodies } from '../../../tools/jest/test-utils';

export { TEST_API_URL, setTestAppConfig, renderRoute, mockFetch } from '../../../tools/jest/test-utils';

export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  return requestBodies(fetchMock, key)[0];
}
