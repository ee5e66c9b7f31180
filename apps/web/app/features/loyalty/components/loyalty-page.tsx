/** /loyalty: my progress (signed in), the levels ladder, the programs and the way to the shop; visitors see it all and a call to register. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { infoQuery, programsQuery } from '../api/loyalty-api';
import { LevelLadder } from './level-ladder';
import { JoinCall, Panel, useLoyaltyConfig, useSignedIn } from './loyalty-ui';
import { MyProgress } from './my-progress';

export function LoyaltyPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const { tutorialUrl } = useLoyaltyConfig();
  const info = useQuery(infoQuery(signedIn));
  const programs = useQuery(programsQuery(i18n.language));
  const vip = programs.data?.items.find((p) => p.kind === 'levels');
  const levels = info.data?.levels ?? vip?.levels ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 py-6" data-testid="loyalty-page">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
          {t('loyalty.title', { defaultValue: 'Loyalty programme' })}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {tutorialUrl && (
            <a href={tutorialUrl} className="btn btn-secondary" data-testid="loyalty-tutorial">
              {t('loyalty.tutorial', { defaultValue: 'How it works' })}
            </a>
          )}
          <LocaleLink to={paths.loyalty.shop} className="btn btn-primary" data-testid="loyalty-shop-link">
            {t('loyalty.shop', { defaultValue: 'Loyalty shop' })}
          </LocaleLink>
        </div>
      </header>
      {signedIn ? info.data && <MyProgress info={info.data} place="loyalty-page" /> : <JoinCall />}
      {vip && <p className="text-[var(--text-muted)]">{vip.description}</p>}
      <Panel title={t('loyalty.levels.title', { defaultValue: 'Levels' })}>
        <LevelLadder levels={levels} />
      </Panel>
      <Panel title={t('loyalty.programs.title', { defaultValue: 'Programs' })}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {(programs.data?.items ?? []).map((program) => (
            <li key={program.id} className="min-w-0">
              <LocaleLink
                to={paths.loyalty.program(program.sysname)}
                className="flex min-w-0 items-center gap-3 rounded-xl border border-[var(--line,#2a3150)] p-3 hover:bg-[var(--surface-hover)]"
              >
                {program.image && (
                  <img src={program.image} alt="" className="h-14 w-24 shrink-0 rounded-lg object-cover" />
                )}
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-[var(--text-strong)]">
                    {program.title}
                  </span>
                  <span className="line-clamp-2 text-sm text-[var(--text-muted)]">{program.description}</span>
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
