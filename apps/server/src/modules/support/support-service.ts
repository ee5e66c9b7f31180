/** Chat settings (from the operator's chat setting), feedback messages and chat events. */
import { type TChatConfig, ZChatConfig } from '@casino/contracts/calls/support';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';
import { chatEvents, feedbackMessages } from './schema.ts';

/** The active provider and only its settings: the others' ids are not the visitor's business. */
export const chatSettings = async (db: TDb): Promise<TChatConfig> => {
  const config = ZChatConfig.parse(await getSetting(db, 'chat'));
  if (!config.chat) return { chat: '', settings: {} };
  return { chat: config.chat, settings: { [config.chat]: config.settings[config.chat] ?? {} } };
};

export const sendFeedback = async (
  db: TDb,
  input: {
    playerId: number | null;
    playerEmail: string | null;
    email: string;
    message: string;
    locale: string;
    ip: string;
    now: Date;
  },
) => {
  const email = input.email || input.playerEmail || '';
  // A visitor without an e-mail could never be answered.
  if (!input.playerId && !email) throw invalidParameters({ email: 'insertEmailAddress' });
  await db.insert(feedbackMessages).values({
    playerId: input.playerId,
    email: email || null,
    message: input.message,
    locale: input.locale,
    ip: input.ip,
    createdAt: input.now,
  });
};

export const storeChatEvent = async (
  db: TDb,
  input: { playerId: number; provider: string; event: string; payload: Record<string, unknown>; now: Date },
) => {
  await db.insert(chatEvents).values({
    playerId: input.playerId,
    provider: input.provider,
    event: input.event,
    payload: input.payload,
    createdAt: input.now,
  });
};
