/** The rules and paytable of a game with its exact RTP and how the provably fair floats map to outcomes. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { fairnessQuery } from '../api/games-api';
import type { TGameView } from '../lib/game-kinds';
import { crashRulesText } from '../screens/crash-rules';
import { useSlotArt } from '../slot-art/load-slot-art';
import { SlotPaytableLabel } from './slot-paytable-label';

export function FairnessSummary() {
  const { t } = useTranslation();
  const fairness = useQuery(fairnessQuery());
  return (
    <dl className="gm-fair" data-testid="fairness-summary">
      <dt>{t('games.game.serverSeedHash', { defaultValue: 'Server seed hash' })}</dt>
      <dd className="font-mono break-all">{fairness.data?.server_seed_hash ?? '…'}</dd>
      <dt>{t('games.game.clientSeed', { defaultValue: 'Client seed' })}</dt>
      <dd className="font-mono break-all">{fairness.data?.client_seed ?? '…'}</dd>
      <dt>{t('games.game.nonce', { defaultValue: 'Nonce' })}</dt>
      <dd className="font-mono">{fairness.data?.nonce ?? '…'}</dd>
    </dl>
  );
}

/** Games whose rounds are the table's, not the player's: they draw from the round's seed, not the player's pair. */
const SHARED_TABLE_ENGINES = new Set(['crash', 'live-roulette']);

export function RulesPanel({ game, lastRoundId }: { game: TGameView; lastRoundId?: string }) {
  const { t } = useTranslation();
  const sharedTable = SHARED_TABLE_ENGINES.has(game.engine);
  const slotArt = useSlotArt(game.slot ? game.engine : '');
  // The loader wrote the engine's rules in the page's locale (content-text.server.ts); crash's come from the
  // games namespace the crash screen reads too.
  const rules =
    game.rules && game.engine === 'crash'
      ? { ...game.rules, ...crashRulesText(t, game.rules.mapping) }
      : game.rules;
  return (
    <section className="gm-panel" aria-labelledby="rules-title" data-testid="rules-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="rules-title" className="text-lg font-bold text-[var(--text-strong)]">
          {t('games.rules.title', { defaultValue: 'Rules and paytable' })}
        </h2>
        <span className="gm-rtp" data-testid="rtp">
          RTP {rules && rules.rtpText.length <= 24 ? rules.rtpText : `${game.rtp.toFixed(2)}%`}
        </span>
      </div>
      {rules && rules.rtpText.length > 24 && (
        <details className="mt-2 text-xs text-[var(--text-muted)]">
          <summary className="cursor-pointer font-semibold">
            {t('games.rules.rtpDetail', { defaultValue: 'Exact RTP' })}
          </summary>
          <p className="mt-1 font-mono">{rules.rtpText}</p>
        </details>
      )}
      {game.description && (
        <p className="mt-2 text-sm text-[var(--text)]" data-testid="game-description">
          {game.description}
        </p>
      )}
      {rules ? (
        <>
          {/* In the page's language and direction: the loader translated them. */}
          <p className="mt-2 text-sm text-[var(--text)]">{rules.summary}</p>
          <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-[var(--text-muted)]">
            {rules.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          {rules.paytable.length > 0 && (
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-bold text-[var(--text-strong)]">
                {t('games.rules.paytable', { defaultValue: 'Paytable' })}
              </summary>
              <table className="gm-paytable mt-2">
                <tbody>
                  {rules.paytable.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">
                        {row.symbol && game.slot ? (
                          <SlotPaytableLabel
                            engine={game.engine}
                            slot={game.slot}
                            symbolId={row.symbol}
                            note={row.note}
                            art={slotArt}
                          />
                        ) : (
                          row.label
                        )}
                      </th>
                      <td>{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
          <h3 className="mt-4 text-sm font-bold text-[var(--text-strong)]">
            {t('games.game.provablyFair', { defaultValue: 'Provably fair' })}
          </h3>
          <p className="mt-1 text-xs text-[var(--text-muted)]">
            {t('games.rules.scheme', {
              defaultValue:
                'Floats: HMAC-SHA256(server seed, "client seed:nonce:block"), 4 bytes per float. The server seed hash is shown before you play.',
            })}
          </p>
          <ul className="mt-1 space-y-1 text-xs text-[var(--text-muted)]" data-testid="fair-mapping">
            {rules.mapping.map((line) => (
              <li key={line} className="font-mono">
                {line}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-[var(--text-muted)]">{game.rtp ? `RTP ${game.rtp}%` : ''}</p>
      )}
      {/* An aggregator's game is the provider's: our provably fair seeds and rounds say nothing about it. */}
      {game.screen !== 'aggregator' && (
        <>
          <div className="mt-4">
            {sharedTable ? (
              <p className="text-xs text-[var(--text-muted)]" data-testid="shared-table-seeds">
                {t('games.rules.sharedSeeds')}
              </p>
            ) : (
              <FairnessSummary />
            )}
          </div>
          <LocaleLink
            to={paths.fairness(lastRoundId)}
            className="btn btn-ghost mt-3 w-full"
            data-testid="verify-link"
          >
            {lastRoundId
              ? t('games.rules.verifyLast', { defaultValue: 'Verify the last round' })
              : t('games.rules.verify', { defaultValue: 'Verify rounds' })}
          </LocaleLink>
        </>
      )}
    </section>
  );
}
