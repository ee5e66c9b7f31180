/** Test-only (reconciliation.property.test.ts): the operator's settings every run uses, made on the back-office. */
import type { FastifyInstance } from 'fastify';
import { JACKPOT_CYCLES_TASK } from '../../competitions/index.ts';
import type { OperatorBrowser, TForm } from './operator-browser.ts';
import { DICE } from './ops.ts';

/** The loyalty shop's products a run buys, by what they pay. */
export type TProducts = { cash: number; bonus: number };

/**
 * The weekly cashback made daily beside a new daily one paying real money, a quest paying cash for a deposit, shop
 * products paying cash and a bonus for a point, a jackpot on dice that drops within a few rounds.
 */
export const setUpSettings = async (app: FastifyInstance, operator: OperatorBrowser): Promise<TProducts> => {
  const products = { cash: 0, bonus: 0 };
  const cashback = (over: TForm) => ({
    period: 'daily',
    min_amount: '0.10',
    receiving_days: '3',
    is_active: '1',
    ...over,
  });
  await operator.submit(
    '/admin/promotions/cashback/1',
    '/admin/promotions/cashback/1',
    cashback({ percent: '20', max_amount: '50.00', payout: 'bonus', template: 'cashback_bonus' }),
    /ok=cashback_saved/,
  );
  await operator.submit(
    '/admin/promotions/cashback/new',
    '/admin/promotions/cashback',
    cashback({ sysname: 'daily_real', percent: '10', max_amount: '', payout: 'real', template: '' }),
    /ok=cashback_created/,
  );
  const questForm = (await (await operator.open()).get('/admin/loyalty/quests/new')).body;
  const program = /<option value="(\d+)"\s*>weekly-quests</.exec(questForm)?.[1];
  if (!program) throw new Error('no weekly-quests program in the quest form');
  await operator.submit(
    '/admin/loyalty/quests/new',
    '/admin/loyalty/quests',
    {
      sysname: 'deposit-cash',
      program_id: program,
      kind: 'deposit',
      target: '1',
      'title.en': 'Deposit once',
      'description.en': 'Any deposit',
      reward_type: 'cash',
      reward_amount: '3.00',
      priority: '0',
      starts_at: '2026-01-01T00:00',
      ends_at: '2028-01-01T00:00',
    },
    /ok=saved/,
  );
  for (const [kind, reward] of [
    ['cash', '2.50'],
    ['bonus', '1.50'],
  ] as const) {
    const saved = await operator.submit(
      '/admin/loyalty/products/new',
      '/admin/loyalty/products',
      {
        sysname: `one-point-${kind}`,
        type: kind,
        price: '1',
        reward,
        stock: '',
        per_player_limit: '',
        'title.en': `One point ${kind}`,
        'description.en': 'For the reconciliation test',
        priority: '0',
      },
      /\/\d+\?ok=saved$/,
    );
    products[kind] = Number(/\/(\d+)\?ok=saved$/.exec(saved)?.[1]);
  }
  await operator.submit(
    '/admin/competitions/jackpots/new',
    '/admin/competitions/jackpots',
    {
      name: 'Reconciliation pot',
      currency: 'USD',
      games: DICE,
      tier_name: ['mini', 'major', ''],
      tier_percent: ['5.00', '1.00', ''],
      tier_seed: ['1.00', '20.00', ''],
      tier_must_drop_by: ['3.00', '40.00', ''],
    },
    /ok=jackpot_created/,
  );
  await app.ctx.jobs.runRecurring(JACKPOT_CYCLES_TASK);
  await app.ctx.jobs.drain();
  return products;
};
