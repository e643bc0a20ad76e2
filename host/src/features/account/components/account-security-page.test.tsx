import { screen, within } from '@testing-library/react';
import { Route, Routes, renderHost } from '../../../testing/render-host';
import { AccountSecurityPage } from './account-security-page';

const routes = (
  <Routes>
    <Route path="/account/security" element={<AccountSecurityPage />} />
  </Routes>
);

const signedIn = {
  status: 'logged-in' as const,
  user: { id: 'u', email: 'admin@example.test', fullName: '' },
};

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('AccountSecurityPage', () => {
  it('off: set up with the QR code and key, confirm with a code, then the recovery codes once', async () => {
    const { user, auth } = renderHost(routes, { path: '/account/security', auth: signedIn, role: 'ADMIN' });
    expect(await screen.findByText(/^Two-factor sign-in is off./)).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const form = within(await screen.findByRole('form', { name: 'Set up two-factor sign-in' }));
    expect(form.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg/>',
    );
    expect(form.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(auth.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer: 'localhost',
    });
    await user.type(form.getByLabelText(/^Authentication code/), '111111{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.type(form.getByLabelText(/^Authentication code/), '123456{Enter}');

    const codes = within(await screen.findByRole('list', { name: 'Save your recovery codes' }));
    expect(codes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'aaaa-bbbb-cccc-dddd',
      'eeee-ffff-gggg-hhhh',
    ]);
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();

    auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [{ factor_type: 'totp' }, { factor_type: 'recovery_code' }],
        totp: [{ id: 'factor-1' }],
        phone: [],
        webauthn: [],
        recovery_code: [],
      },
      error: null,
    } as never);
    auth.mfa.recoveryCodes.getStatus.mockResolvedValue({ data: { total: 2, remaining: 2 }, error: null });
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByText('2 of your recovery codes are still unused.')).toBeInTheDocument();
    expect(screen.getByText(/^Two-factor sign-in is on:/)).toHaveAttribute('role', 'status');
  });

  it('on: turn it off', async () => {
    const { user, auth } = renderHost(routes, { path: '/account/security', auth: signedIn, role: 'ADMIN' });
    auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [{ factor_type: 'totp' }],
        totp: [{ id: 'factor-1' }],
        phone: [],
        webauthn: [],
        recovery_code: [],
      },
      error: null,
    } as never);
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
    expect(auth.refreshSession).toHaveBeenCalled();
  });
});
