/**
 * Test-only (reports/reconciliation.property.test.ts): random days of activity that move money in every way the
 * ledger knows, driven as the product is used, with the test clock moving from day to day and the jobs run each
 * morning. The operations are reconciliation-ops.ts, the days reconciliation-days.ts; each operation is carried
 * out by reconciliation-apply-op.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TTestApp } from '../../../test/test-app.ts';
import { makeOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { EXPIRE_JOB } from '../../bonuses/index.ts';
import { CASHBACK_JOB } from '../../campaigns/index.ts';
import { refreshSession } from '../../cashier/cashier-test-helpers.ts';
import { CLOSE_DUE_TASK, JACKPOT_CYCLES_TASK } from '../../competitions/index.ts';
import { feedClient } from '../../sportsbook/sportsbook-test-helpers.ts';
import { walletService } from '../../wallet/index.ts';
import { applyOp, type TOpRig } from './apply-op.ts';
import { DAY_MS } from './days.ts';
import { OperatorBrowser } from './operator-browser.ts';
import { SLOT, type TOp } from './ops.ts';
import { refusal } from './refusals.ts';
import { exportDays, recomputeDay } from './report-export.ts';
import { makeRun, type TRun } from './run.ts';
import { setUpSettings } from './settings.ts';

export class Activity {
  private readonly feed: ReturnType<typeof feedClient>;
  /** Every player made so far. */
  readonly playerIds: number[] = [];
  private rig!: TOpRig;

  private readonly t: TTestApp;

  constructor(t: TTestApp) {
    this.t = t;
    this.feed = feedClient(t.app);
  }

  private get app(): FastifyInstance {
    return this.t.app;
  }

  private now() {
    return this.app.ctx.providers.clock.now().getTime();
  }

  /** Moves the clock forward (never back: the feed and the jobs expect time to run one way). */
  private at(ms: number) {
    if (ms > this.now()) this.t.clock.set(new Date(ms));
  }

  /** The operator, and the settings every run uses (reconciliation-settings.ts). */
  async setUp() {
    const operator = new OperatorBrowser(this.t, await makeOperator(this.app, 'admin'));
    const products = await setUpSettings(this.app, operator);
    this.rig = { app: this.app, feed: this.feed, operator, products };
  }

  /** A run's players, fixtures and tournaments, made early on its first day. */
  async startRun(n: number, first: Date): Promise<TRun> {
    this.at(first.getTime() + 10 * 60_000);
    const run = await makeRun(this.app, this.feed, this.rig.operator, n, first);
    this.playerIds.push(...run.players.map((player) => player.id));
    return run;
  }

  /**
   * A day's morning: the clock moves to it, sessions are renewed, the jobs due run (yesterday's cashbacks, bonus
   * expiry, tournaments that ended, jackpot cycles) and each player claims their cashbacks.
   */
  async startDay(run: TRun, day: number) {
    this.at(run.first.getTime() + day * DAY_MS + 5 * 60_000);
    for (const player of run.players) {
      await refreshSession(this.app, player.client, player.id);
      const { token } = await walletService.openSession(this.app.ctx, {
        playerId: player.id,
        game: SLOT,
        mode: 'real',
        provider: `recon${player.id}`,
      });
      player.provider = token;
    }
    for (const task of [CASHBACK_JOB, EXPIRE_JOB, CLOSE_DUE_TASK, JACKPOT_CYCLES_TASK])
      await this.app.ctx.jobs.runRecurring(task);
    await this.app.ctx.jobs.drain();
    for (const player of run.players) {
      const listed = await player.client.get('cashbacks.get', { statuses: 'active' });
      for (const item of listed.data?.items ?? [])
        refusal('cashback', await player.client.post('cashbacks.payout', { cashback_id: item.id }));
    }
  }

  /** A day's operations, two minutes apart (well within the sessions of the morning). */
  async runDay(run: TRun, day: number, ops: TOp[]) {
    for (const [i, o] of ops.entries()) {
      this.at(run.first.getTime() + day * DAY_MS + (10 + i * 2) * 60_000);
      await applyOp(this.rig, run, o);
    }
  }

  /** The operator recomputes a day from the ledger (the reports page's button). */
  recompute(day: string) {
    return recomputeDay(this.rig.operator, day);
  }

  /** The operator's CSV export of the period rows, one a day, parsed (cells by column name). */
  exportDays(from: string, to: string) {
    return exportDays(this.rig.operator, from, to);
  }
}
