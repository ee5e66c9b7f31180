/**
 * `/jackpots` and `/jackpots/{id}`: the pools by tier with ticking amounts, to a ten-thousandth of a cent (re-read
 * when the live socket says the pools moved: `competitions.jackpots`) and the past drops, each with its proof: the
 * committed seed hash, the revealed seed and the drop point they give (verified in the browser: SHA-256 of the seed
 * = the hash).
 */
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { useLiveSocket } from '../../../lib/live/use-live-socket';
import { LocaleLink } from '../../frame/locale-link';
import { getJackpots, getJackpotWinners, type TJackpot, type TJackpotWinner } from '../api/competitions-api';
import { money } from '../lib/format';
import { PoolAmount } from './pool-amount';
import { WinnerProof } from './winner-proof';

export function JackpotsPage(props: { jackpots: TJackpot[]; winners: TJackpotWinner[]; id?: number }) {
  const { t } = useTranslation();
  const [jackpots, setJackpots] = useState(props.jackpots);
  const [winners, setWinners] = useState(props.winners);
  const reload = async () => {
    const [pools, drops] = await Promise.all([getJackpots(api, props.id), getJackpotWinners(api, props.id)]);
    setJackpots(pools);
    setWinners(drops.items);
  };
  useLiveSocket({
    topics: ['competitions.jackpots'],
    onMessage: () => void reload().catch(() => undefined),
    pollMs: 15_000,
  });
  const one = props.id !== undefined;
  return (
    <div className="mx-auto w-full max-w-[1200px] px-3 pb-16 sm:px-4 lg:px-6" data-testid="jackpots-page">
      {one && (
        <LocaleLink to={paths.jackpots} className="inline-block pt-4 text-sm text-[var(--accent)]">
          {t('competitions.jackpots.back', { defaultValue: 'All jackpots' })}
        </LocaleLink>
      )}
      <h1 className="pt-4 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {one && jackpots[0]
          ? jackpots[0].name
          : t('competitions.jackpots.title', { defaultValue: 'Jackpots' })}
      </h1>
      <p className="mt-1 text-sm text-[var(--text-muted)]">
        {t('competitions.jackpots.subtitle', {
          defaultValue:
            'Every eligible stake feeds the pools. Each drop point is committed in advance and revealed after.',
        })}
      </p>
      {jackpots.length === 0 ? (
        <p className="empty-state mt-6" role="status">
          {t('competitions.jackpots.empty', { defaultValue: 'No jackpots are running right now.' })}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {jackpots.map((j) => (
            <li key={j.id} className="rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-4">
              <LocaleLink to={paths.jackpot(j.id)} className="block">
                <h2 className="text-lg font-bold text-[var(--text-strong)]">{j.name}</h2>
                <p
                  className="text-3xl font-black tabular-nums text-[var(--accent)]"
                  data-testid="jackpot-amount"
                >
                  <PoolAmount exact={j.amount_exact} currency={j.currency} />
                </p>
              </LocaleLink>
              <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
                {j.tiers.map((tier) => (
                  <li key={tier.id} className="rounded-xl bg-[var(--bg-elevated)] p-3">
                    <span className="text-xs font-semibold uppercase text-[var(--text-muted)]">
                      {t(`competitions.tiers.${tier.name}`, { defaultValue: tier.name })}
                    </span>
                    <span
                      className="block text-lg font-bold tabular-nums text-[var(--text-strong)]"
                      data-testid="jackpot-tier-amount"
                    >
                      <PoolAmount exact={tier.amount_exact} currency={j.currency} />
                    </span>
                    <span className="block text-xs text-[var(--text-muted)]">
                      {t('competitions.jackpots.mustDropBy', {
                        defaultValue: 'Must drop by {amount}',
                        amount: money(tier.must_drop_by, j.currency),
                      })}
                    </span>
                    {one && tier.seed_hash && (
                      <span className="mt-1 block break-all font-mono text-[10px] text-[var(--text-muted)]">
                        {t('competitions.jackpots.seedHash', { defaultValue: 'Committed seed hash' })}:{' '}
                        {tier.seed_hash}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-8 text-lg font-bold text-[var(--text-strong)]">
        {t('competitions.jackpots.pastWinners', { defaultValue: 'Past winners' })}
      </h2>
      {winners.length === 0 ? (
        <p className="empty-state mt-2" role="status">
          {t('competitions.jackpots.noWinners', { defaultValue: 'No drops yet.' })}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {winners.map((w) => (
            <li key={w.id} className="rounded-xl border border-[var(--line)] p-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">
                  {w.player} · {t(`competitions.tiers.${w.tier}`, { defaultValue: w.tier })}
                </span>
                <span className="font-bold tabular-nums text-[var(--accent)]">
                  {money(w.amount, w.currency)}
                </span>
              </div>
              <WinnerProof winner={w} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
