/** What each operator role may do. Admin may do everything; finance handles money; support handles players and KYC. */
import type { TOperatorRole } from './schema.ts';

export const PERMISSIONS = [
  'withdrawals.review',
  'adjustments.create',
  'ledger.read',
  'players.read',
  'players.ban',
  'sessions.end',
  'kyc.read',
  'kyc.review',
  'audit.read',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<TOperatorRole, readonly TPermission[]> = {
  admin: PERMISSIONS,
  // Finance reads players (to find whom to pay or adjust) but cannot ban them or end their sessions.
  finance: ['withdrawals.review', 'adjustments.create', 'ledger.read', 'players.read'],
  support: ['players.read', 'players.ban', 'sessions.end', 'kyc.read', 'kyc.review'],
};

export const can = (role: TOperatorRole, permission: TPermission) =>
  ROLE_PERMISSIONS[role].includes(permission);
