/**
 * /profile/bets: the player's game rounds (games.getHistory) with filters and paging, each round's replay /
 * verify link, and the CSV export (requested, made by a background job, then downloaded) while the operator's
 * general info allows it (§3 is_game_history_export_enabled).
 */
import { HISTORY_PAGE_SIZE, PLAY_MODES } from '@casino/contracts/calls/games-play';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { refusalMessage } from '../../../lib/api/refusal';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { LocaleLink } from '../../frame/locale-link';
import { useSite } from '../../frame/use-site';
import { PROFILE_CALLS, profileKeys } from '../api/profile-api';
import { Button, Card, Notice, Select } from './controls';
import { DateField } from './date-field';

interface TFilters {
  mode: string;
  result: string;
  status: string;
  date_from: string;
  date_to: string;
}
const EMPTY: TFilters = { mode: '', result: '', status: '', date_from: '', date_to: '' };

export function BetsPage() {
  const { t } = useTranslation();
  const exportEnabled = useSite()?.generalInfo.is_game_history_export_enabled === true;
  const [draft, setDraft] = useState<TFilters>(EMPTY);
  const [filters, setFilters] = useState<TFilters>(EMPTY);
  const [page, setPage] = useState(0);
  const history = useQuery({
    queryKey: profileKeys.gameHistory({ ...filters, page }),
    queryFn: () =>
      api.call(PROFILE_CALLS.gameHistory, {
        ...filters,
        sysnames: '',
        offset: String(page * HISTORY_PAGE_SIZE),
        count: String(HISTORY_PAGE_SIZE),
      }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  const set = (key: keyof TFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <>
      <Card title={t('profile.bets.title', { defaultValue: 'Bet history' })} testId="bets">
        <form
          className="grid grid-cols-2 gap-3 md:grid-cols-3 md:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(0);
            setFilters(draft);
          }}
        >
          <Select
            label={t('profile.bets.mode', { defaultValue: 'Money' })}
            value={draft.mode}
            onValue={set('mode')}
            emptyOption={t('profile.bets.all', { defaultValue: 'All' })}
            options={PLAY_MODES.map((m) => ({
              value: m,
              label:
                m === 'real'
                  ? t('profile.bets.real', { defaultValue: 'Real' })
                  : t('profile.bets.demo', { defaultValue: 'Demo' }),
            }))}
          />
          <Select
            label={t('profile.bets.result', { defaultValue: 'Result' })}
            value={draft.result}
            onValue={set('result')}
            emptyOption={t('profile.bets.all', { defaultValue: 'All' })}
            options={[
              { value: 'win', label: t('profile.bets.win', { defaultValue: 'Won' }) },
              { value: 'loss', label: t('profile.bets.loss', { defaultValue: 'Lost' }) },
            ]}
          />
          <Select
            label={t('profile.bets.status', { defaultValue: 'Status' })}
            value={draft.status}
            onValue={set('status')}
            emptyOption={t('profile.bets.all', { defaultValue: 'All' })}
            options={[
              { value: 'finished', label: t('profile.bets.finished', { defaultValue: 'Finished' }) },
              { value: 'open', label: t('profile.bets.open', { defaultValue: 'Open' }) },
              { value: 'rolled_back', label: t('profile.bets.rolledBack', { defaultValue: 'Cancelled' }) },
            ]}
          />
          <DateField
            label={t('profile.bets.from', { defaultValue: 'From' })}
            name="date_from"
            value={draft.date_from}
            onValue={set('date_from')}
          />
          <DateField
            label={t('profile.bets.to', { defaultValue: 'To' })}
            name="date_to"
            value={draft.date_to}
            onValue={set('date_to')}
          />
          <Button type="submit" data-testid="bets-filter">
            {t('profile.bets.apply', { defaultValue: 'Show' })}
          </Button>
        </form>
        <div className="mt-5">
          {history.isPending ? (
            <div className="h-48 animate-pulse rounded-xl bg-white/5" />
          ) : history.isError ? (
            <Notice tone="error">
              {t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
            </Notice>
          ) : history.data.items.length === 0 ? (
            <p className="py-10 text-center text-[var(--text-muted)]" data-testid="bets-empty">
              {t('profile.bets.empty', { defaultValue: 'No rounds match these filters yet.' })}
            </p>
          ) : (
            <RoundsTable items={history.data.items} />
          )}
        </div>
        {pages > 1 && (
          <nav
            className="mt-4 flex items-center justify-between gap-2"
            aria-label={t('profile.bets.pages', { defaultValue: 'Pages' })}
          >
            <Button variant="ghost" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              ←
            </Button>
            <span className="text-sm text-[var(--text-muted)]">
              {page + 1} / {pages}
            </span>
            <Button variant="ghost" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
              →
            </Button>
          </nav>
        )}
      </Card>
      {exportEnabled && <ExportCard filters={filters} />}
    </>
  );
}

type TRound = {
  round_id: string;
  sysname: string;
  game_name: string;
  mode: string;
  status: string;
  bet: number;
  win: number;
  currency: string;
  created_at: string;
};

function RoundsTable({ items }: { items: TRound[] }) {
  const { t } = useTranslation();
  return (
    <div className="md:overflow-x-auto">
      <table className="resp-table w-full text-sm md:min-w-[36rem]" data-testid="bets-table">
        <thead>
          <tr className="text-start text-xs uppercase tracking-wide text-[var(--text-muted)]">
            <th className="px-4 py-2 text-start font-semibold">
              {t('profile.bets.date', { defaultValue: 'Date' })}
            </th>
            <th className="px-2 py-2 text-start font-semibold">
              {t('profile.bets.game', { defaultValue: 'Game' })}
            </th>
            <th className="px-2 py-2 text-end font-semibold">
              {t('profile.bets.bet', { defaultValue: 'Bet' })}
            </th>
            <th className="px-2 py-2 text-end font-semibold">
              {t('profile.bets.winAmount', { defaultValue: 'Win' })}
            </th>
            <th className="px-4 py-2 text-end font-semibold">
              <span className="sr-only">{t('profile.bets.verify', { defaultValue: 'Verify' })}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-[var(--line,#2a3150)]">
          {items.map((round) => (
            <tr key={round.round_id}>
              <td
                className="whitespace-nowrap px-4 py-3 text-[var(--text-muted)]"
                data-label={t('profile.bets.date', { defaultValue: 'Date' })}
              >
                {formatDateTime(round.created_at)}
              </td>
              <td className="resp-table-title px-2 py-3 font-semibold text-[var(--text-strong)]">
                {round.game_name}
                {round.mode === 'demo' && (
                  <span className="ms-2 rounded bg-[var(--surface-hover)] px-1.5 py-0.5 text-xs">
                    {t('profile.bets.demo', { defaultValue: 'Demo' })}
                  </span>
                )}
              </td>
              <td
                className="whitespace-nowrap px-2 py-3 text-end tabular-nums"
                data-label={t('profile.bets.bet', { defaultValue: 'Bet' })}
              >
                {formatAmount(round.bet, round.currency)}
              </td>
              <td
                className={`whitespace-nowrap px-2 py-3 text-end tabular-nums ${round.win > 0 ? 'text-emerald-400' : ''}`}
                data-label={t('profile.bets.winAmount', { defaultValue: 'Win' })}
              >
                {formatAmount(round.win, round.currency)}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-end">
                <LocaleLink
                  to={paths.fairness(round.round_id)}
                  className="font-semibold text-[var(--accent)] hover:underline"
                >
                  {t('profile.bets.replay', { defaultValue: 'Replay / verify' })}
                </LocaleLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExportCard({ filters }: { filters: TFilters }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const exportState = useQuery({
    queryKey: profileKeys.export,
    queryFn: () => api.call(PROFILE_CALLS.getExport, { id: '' }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
  const request = async () => {
    setAsking(true);
    try {
      const created = await api.call(PROFILE_CALLS.createExport, { ...filters, sysnames: '' });
      queryClient.setQueryData(profileKeys.export, created);
    } catch (caught) {
      toast.error(refusalMessage(t, caught));
    } finally {
      setAsking(false);
    }
  };
  const current = exportState.data;
  return (
    <Card
      title={t('profile.bets.exportTitle', { defaultValue: 'Export to CSV' })}
      description={t('profile.bets.exportDescription', {
        defaultValue: 'We prepare a file of your rounds with the filters above. It takes a few seconds.',
      })}
      testId="bets-export"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          loading={asking || current?.status === 'pending'}
          onClick={request}
          data-testid="export-request"
        >
          {t('profile.bets.exportButton', { defaultValue: 'Request export' })}
        </Button>
        {current?.status === 'ready' && current.url && (
          <a href={current.url} className="btn btn-primary" download data-testid="export-download">
            {t('profile.bets.download', {
              count: current.rows ?? 0,
              defaultValue: 'Download CSV ({count} rows)',
            })}
          </a>
        )}
        {current?.status === 'failed' && (
          <span className="text-sm text-rose-400">
            {t('profile.bets.exportFailed', { defaultValue: 'The export failed. Try again.' })}
          </span>
        )}
      </div>
    </Card>
  );
}
