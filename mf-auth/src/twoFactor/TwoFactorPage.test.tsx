import '@tradeboard/shared/testing/setupDom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_FAILED_TEXT } from '../constants.ts';
import { browser } from '../routing/browser.ts';
import { callsTo, errorBody, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { renderAt } from '../test/renderAt.tsx';
import { groupKey, twoFactorDetails } from './twoFactorDetails.ts';

const VERIFY = 'POST /api/Authenticate/TwoFactorAuthVerification';
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const setupUrl = `/login/2fa?qrCodeImage=${encodeURIComponent(IMAGE)}&twoFactorSetupKey=JBSWY3DPEHPK3PXP&authenticatorIsSetup=false`;

describe('TwoFactorPage', () => {
  it('walks a new authenticator through three numbered steps', () => {
    mockFetch({});
    renderAt(setupUrl);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.tb-auth__step-title')?.textContent)).toEqual([
      'Install an authenticator app',
      'Scan the QR code or type the key',
      'Enter the code',
    ]);
    expect(screen.getByRole('img', { name: 'QR code' }).getAttribute('src')).toBe(IMAGE);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByLabelText('Verification Code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Verification Code' })).toBeTruthy();
  });

  it('asks only for the code when the authenticator is set up, and signs in', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({
      [VERIFY]: () => ({ json: { resultType: 'Success', redirectUrl: '/', twoFactorSetup: null } }),
    });
    const user = userEvent.setup();
    renderAt('/login/2fa?authenticatorIsSetup=true');
    expect(screen.queryByText('Install an authenticator app')).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
    await user.type(screen.getByLabelText('Verification Code'), '123 456{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callsTo(fetchMock, VERIFY)[0]).toMatchObject({ body: { authCode: '123456' }, headers: { 'X-XSRF-TOKEN': 'xsrf-token' } });
  });

  it('says the code was wrong on 401 and turns the button red', async () => {
    mockFetch({ [VERIFY]: () => errorBody(401, 'Unauthorized') });
    const user = userEvent.setup();
    renderAt('/login/2fa?authenticatorIsSetup=true');
    await user.type(screen.getByLabelText('Verification Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    expect(await screen.findByText(TWO_FACTOR_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByText('Submit Verification Code').closest('button')!.className).toContain('tb-button--danger');
  });

  it('falls back to the login answer for values the query lacks', () => {
    mockFetch({});
    renderAt('/login/2fa', { twoFactorSetup: { imageData: IMAGE, twoFactorSecret: 'ABCDEFGH', isConfigured: false } });
    expect(screen.getByText('Install an authenticator app')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code' }).getAttribute('src')).toBe(IMAGE);
    expect(screen.getByText('ABCD EFGH')).toBeTruthy();
  });
});

describe('twoFactorDetails', () => {
  it('shows only inline images as the QR code', () => {
    expect(twoFactorDetails('?qrCodeImage=https://evil.example/qr.png&authenticatorIsSetup=false', null).qrCodeImage).toBeUndefined();
    expect(twoFactorDetails(`?qrCodeImage=${encodeURIComponent(IMAGE)}`, null).qrCodeImage).toBe(IMAGE);
  });

  it('treats a page with nothing to set up as code entry only', () => {
    expect(twoFactorDetails('', null).isConfigured).toBe(true);
    expect(twoFactorDetails('?authenticatorIsSetup=False', null).isConfigured).toBe(false);
  });

  it('groups the key in fours', () => {
    expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});
