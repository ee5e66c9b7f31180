/** Test helpers for competitions: a tournament around the test clock's now, and real dice rounds. */
import type { FastifyInstance } from 'fastify';
import type { TClient } from '../games/play/test-helpers.ts';
import { createTournament, type TTournamentInput } from './create-tournament.ts';
import { ensureJackpotCycles } from './jackpot-cycles.ts';
import { createJackpot, type TJackpotInput } from './jackpots.ts';

export const DICE = 'sparkrush_dice_duel';
export const SLOT = 'copperfox_cherry_flare';
const HOUR = 3_600_000;

/** An active tournament (started an hour ago, ends in an hour) with the given settings. */
export const activeTournament = async (app: FastifyInstance, input: Partial<TTournamentInput> = {}) => {
  const now = app.ctx.providers.clock.now().getTime();
  const id = await createTournament(app.ctx.db, {
    title: { en: 'Test cup', de: 'Testpokal' },
    startsAt: new Date(now - HOUR),
    endsAt: new Date(now + HOUR),
    scoring: 'wagered',
    prizes: [
      { place: 1, type: 'cash', amount: 10_000 },
      { place: 2, type: 'cash', amount: 5_000 },
    ],
    ...input,
  });
  if (id === null) throw new Error('tournament not created');
  return id;
};

/** A new jackpot with its first cycles committed. */
export const newJackpot = async (app: FastifyInstance, input: TJackpotInput) => {
  const id = await createJackpot(app.ctx.db, input);
  if (id === null) throw new Error('jackpot not created');
  await ensureJackpotCycles(app.ctx);
  return id;
};

/** One finished round of dice (over 50.00: wins 1.98× about half the time); answers the round's answer. */
export const playDice = async (client: TClient, bet: string, mode: 'real' | 'demo' = 'real') => {
  const r = await client.post('games.play', {
    sysname: DICE,
    bet,
    mode,
    params: JSON.stringify({ target: 5000, over: true }),
  });
  if (r.error) throw new Error(`dice refused: ${JSON.stringify(r.error)}`);
  return r.data as { round_id: string; win: number; bet: number; status: string };
};
