/**
 * One-click unsubscribe from mailings: the link carries HMAC-SHA256(SESSION_SECRET, "playerId:type"), so it
 * works without a session and cannot be forged for someone else. Mail senders build links with unsubscribeUrl.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../platform/config.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { findContact } from '../players/index.ts';
import { changeSubscription, type TContactType } from './contacts.ts';

export const makeUnsubscribeToken = (secret: string, playerId: number, type: TContactType) =>
  createHmac('sha256', secret).update(`${playerId}:${type}`).digest('hex');

export const unsubscribeUrl = (config: TConfig, playerId: number, type: TContactType) => {
  const query = new URLSearchParams({
    uid: String(playerId),
    type,
    token: makeUnsubscribeToken(config.SESSION_SECRET, playerId, type),
  });
  return `${publicUrl(config).replace(/\/$/, '')}/unsubscribe?${query}`;
};

const refused = () =>
  new AppError('InvalidParameterException', {
    invalid_parameters: { token: 'wrongField' },
    message: 'Invalid unsubscribe link',
  });

export const unsubscribeByLink = async (
  db: TExecutor,
  config: TConfig,
  input: { uid: string; type: TContactType; token: string },
) => {
  if (!/^[1-9]\d{0,15}$/.test(input.uid)) throw refused();
  const playerId = Number(input.uid);
  const expected = Buffer.from(makeUnsubscribeToken(config.SESSION_SECRET, playerId, input.type), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(input.token) ? input.token : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  if (!(await findContact(db, playerId, input.type))) throw refused();
  await changeSubscription(db, playerId, input.type, false);
};
