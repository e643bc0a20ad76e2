import { newPasswordErrors } from './new-password-errors';

test('a mismatch is reported on the confirmation first, then a short password on the password', () => {
  expect(newPasswordErrors({ password: 'abc', confirmPassword: 'abd' })).toEqual({
    confirmPassword: 'Passwords do not match.',
  });
  expect(newPasswordErrors({ password: 'abc', confirmPassword: 'abc' })).toEqual({
    password: 'Password must be at least 6 characters long.',
  });
  expect(newPasswordErrors({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
});
