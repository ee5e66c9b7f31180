/**
 * Mounted by the header for a signed-in player: the session timer and net position (when the operator shows
 * them), and the reality check every N minutes the player chose. Importing it also fills the profile's dialog
 * places (confirm e-mail, fill profile, identity verification), so they can open from anywhere.
 */
import '../dialogs/profile-places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api/client';
import { formatAmount, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { dialogStore } from '../../../ui/dialogs';
import { useLocaleHref, useSite } from '../../frame/use-site';
import { logout } from '../../session/logout';
import { profileKeys, sessionStatsQuery } from '../api/profile-api';
import { isFlagOn } from '../lib/sections';
import { RealityCheck } from './reality-check';

const REALITY_DIALOG_ID = 'reality-check';

export function SessionMeter() {
  const site = useSite();
  const enabled = isFlagOn(site?.cms.flags, 'isResponsibleGamingEnable');
  const { t } = useTranslation();
  const localeHref = useLocaleHref();
  const queryClient = useQueryClient();
  const stats = useQuery({ ...sessionStatsQuery(), enabled });
  const [now, setNow] = useState<number | null>(null);
  const shownFor = useRef<number | null>(null);
  const data = stats.data;

  // The session-limit refusal says to log out (responsible-gaming contract: logout: true).
  useEffect(() => {
    const error = stats.error;
    if (isApiError(error, 'AccessDeniedException') && error.data.logout === true)
      void logout(localeHref(paths.home));
  }, [stats.error, localeHref]);

  useEffect(() => {
    if (!data?.show_session_stats_in_header) return;
    setNow(Math.floor(Date.now() / 1000));
    const id = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(id);
  }, [data?.show_session_stats_in_header]);

  useEffect(() => {
    const at = data?.next_reality_check_at;
    if (!at || shownFor.current === at) return;
    const wait = Math.max(0, at * 1000 - Date.now());
    const timer = setTimeout(async () => {
      shownFor.current = at;
      const fresh = await queryClient.fetchQuery({ ...sessionStatsQuery(), staleTime: 0 }).catch(() => data);
      dialogStore.open({
        id: REALITY_DIALOG_ID,
        kind: 'popup',
        size: 'small',
        preventClose: true,
        title: t('profile.realityCheck.title', { defaultValue: 'Reality check' }),
        render: (controls) => (
          <RealityCheck
            stats={fresh ?? data}
            historyHref={localeHref(paths.profile.bets)}
            onContinue={() => {
              controls.close();
              void queryClient.invalidateQueries({ queryKey: profileKeys.sessionStats });
            }}
            onLogout={() => void logout(localeHref(paths.home))}
          />
        ),
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [data, queryClient, localeHref, t]);

  if (!enabled || !data?.show_session_stats_in_header || now === null) return null;
  const seconds = now - data.session_started_at;
  return (
    <p
      className="flex shrink-0 items-center gap-2 rounded-xl border border-[var(--line)] bg-[var(--surface)] px-2 py-1.5 text-xs font-semibold tabular-nums sm:px-3"
      data-testid="session-meter"
      title={t('profile.realityCheck.session', { defaultValue: 'This session' })}
    >
      <span
        className="inline-flex items-center gap-1"
        title={t('profile.realityCheck.time', { defaultValue: 'Session time' })}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8v4l2.5 2.5" />
        </svg>
        {formatDuration(seconds)}
      </span>
      <span
        className={`hidden sm:inline ${data.net < 0 ? 'text-rose-400' : 'text-emerald-400'}`}
        title={t('profile.realityCheck.net', { defaultValue: 'Net position' })}
      >
        {data.net > 0 ? '+' : ''}
        {formatAmount(data.net, data.currency)}
      </span>
    </p>
  );
}
