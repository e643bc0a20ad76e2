jest.mock('@agency/app-config', () => ({
  hasAppConfig: () => true,
  getAppConfig: () => ({ apiUrl: 'https://api.example', remoteHealth: { sampleRate: 0.5 } }),
}));

import { IncompatibleReleaseError } from '../../../runtime-plugin/incompatible-release-error';
import { errorClass, failurePhase, reportLoad } from './remote-health';

const at = {
  manifest: 'https://cdn.example/checkout/0.1.0-abc/mf-manifest.json',
  release: '0.1.0-abc',
  previous: { manifest: 'https://cdn.example/checkout/0.1.0-old/mf-manifest.json', release: '0.1.0-old' },
};
const beacon = jest.fn((_url: string, _body: string) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });

test('a report names the remote, release, phase and error class: no message, no URL', () => {
  const error = new TypeError('Cannot read properties of undefined (reading "ada@example.test")');
  expect(reportLoad('checkout', at.manifest, at, { error, phase: 'render' }, () => 0)).toBe(true);
  const [url, body] = beacon.mock.calls.at(-1)!;
  expect(url).toBe('https://api.example/api/remote-health');
  expect(JSON.parse(body)).toEqual({
    remote: 'checkout',
    release: '0.1.0-abc',
    outcome: 'failed',
    phase: 'render',
    errorClass: 'TypeError',
  });
  expect(body).not.toContain('example.test');
});

test('sampled at the configured rate, and at most 20 per tab', () => {
  beacon.mockClear();
  expect(reportLoad('checkout', at.manifest, at, undefined, () => 0.7)).toBe(false);
  let sent = 0;
  for (let i = 0; i < 30; i++) if (reportLoad('checkout', at.manifest, at, undefined, () => 0.1)) sent++;
  expect(sent).toBe(19); // one was sent by the test above
  expect(JSON.parse(beacon.mock.calls[0]![1])).toEqual({
    remote: 'checkout',
    release: '0.1.0-abc',
    outcome: 'loaded',
  });
});

test('names the release the document runs, the previous one included; nothing for a dev build', () => {
  expect(
    reportLoad('checkout', 'http://localhost:3002/mf-manifest.json', { manifest: 'x' }, undefined, () => 0),
  ).toBe(false);
});

test('the phase of a failed load', () => {
  expect(failurePhase(new IncompatibleReleaseError('checkout', 'https://x/mf-manifest.json', []))).toBe(
    'manifest',
  );
  expect(failurePhase(new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources'))).toBe(
    'entry',
  );
  expect(failurePhase(new Error('empty module'))).toBe('expose');
  expect(errorClass(new Error('x'))).toBe('Error');
  expect(errorClass('a string')).toBe('string');
});
