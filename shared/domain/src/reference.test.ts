import { shortReference } from './reference';

it('quotes an id by its first eight hex digits, in two groups', () => {
  expect(shortReference('0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11')).toBe('0B8E-0F0C');
});
