/** The calls the frame makes, typed by their contracts (type-only imports: no schema reaches the browser). */
import type { ZGetInfo } from '@casino/contracts/calls/account';
import type { ZCheckResetToken, ZLogout, ZResetPassword } from '@casino/contracts/calls/auth';
import { callRef } from './client';

export const CALLS = {
  getInfo: callRef<typeof ZGetInfo>('account.getInfo', 'GET'),
  logout: callRef<typeof ZLogout>('auth.logout', 'GET'),
  checkResetToken: callRef<typeof ZCheckResetToken>('auth.checkresettoken', 'GET'),
  resetPassword: callRef<typeof ZResetPassword>('auth.resetpassword', 'POST'),
};
