/** A tournament's standings: place, player (fakename), points, prize; the player's own row marked. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TStandingRow } from '../api/competitions-api';
import { money, points } from '../lib/format';

export function LeaderboardTable(props: {
  rows: TStandingRow[];
  scoring?: string;
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (props.rows.length === 0)
    return (
      <p className="empty-state" role="status">
        {t('competitions.tournament.noEntries', {
          defaultValue: 'No points yet: the first qualifying bet takes the lead.',
        })}
      </p>
    );
  return (
    <table className="w-full text-sm" data-testid={props.testId}>
      <thead className="text-[var(--text-muted)]">
        <tr>
          <th className="py-2 text-start">#</th>
          <th className="py-2 text-start">
            {t('competitions.tournament.player', { defaultValue: 'Player' })}
          </th>
          <th className="py-2 text-end">{t('competitions.tournament.points', { defaultValue: 'Points' })}</th>
          <th className="py-2 text-end">{t('competitions.tournament.prize', { defaultValue: 'Prize' })}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr
            key={`${row.place}-${row.player}`}
            className={`border-t border-[var(--line)] ${row.is_me ? 'font-bold text-[var(--accent)]' : ''}`}
            data-me={row.is_me ? 'true' : undefined}
          >
            <td className="py-2 tabular-nums">{row.place}</td>
            <td className="max-w-[10rem] truncate py-2">{row.player}</td>
            <td className="py-2 text-end tabular-nums">{points(row.points, props.scoring)}</td>
            <td className="py-2 text-end tabular-nums">
              {row.prize > 0 ? money(row.prize, props.currency) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
