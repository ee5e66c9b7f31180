/** /responsible-game: the public safer-gambling page — the profile's tools, a self-assessment, help by country. */
import { useState } from 'react';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { useAccount } from '../account/use-account';
import { LocaleLink } from '../frame/locale-link';
import { useSite } from '../frame/use-site';
import {
  countryName,
  defaultHelpCountry,
  HELP_COUNTRIES,
  INTERNATIONAL,
  organisationsOf,
  type THelpOrganisation,
} from './help-organisations';
import { SelfAssessment } from './self-assessment';

const TOOLS = [
  {
    id: 'limits',
    to: paths.profile.responsibleGame,
    titleKey: 'support.safer.tools.limits.title',
    title: 'Deposit limits',
    textKey: 'support.safer.tools.limits.text',
    text: 'Limit what you can deposit per 1, 7, 14 or 30 days. A lower limit applies at once.',
  },
  {
    id: 'exclusion',
    to: paths.profile.responsibleGame,
    titleKey: 'support.safer.tools.exclusion.title',
    title: 'Self-exclusion',
    textKey: 'support.safer.tools.exclusion.text',
    text: 'Take a break from 1 day to 5 years, or close your account for good.',
  },
  {
    id: 'reality',
    to: paths.profile.responsibleGame,
    titleKey: 'support.safer.tools.reality.title',
    title: 'Reality check',
    textKey: 'support.safer.tools.reality.text',
    text: 'A reminder of how long you have been playing and how much you have won or lost.',
  },
  {
    id: 'history',
    to: paths.profile.bets,
    titleKey: 'support.safer.tools.history.title',
    title: 'Bet history',
    textKey: 'support.safer.tools.history.text',
    text: 'See every bet, deposit and withdrawal you have made.',
  },
] as const;

function Organisation({ org, visit }: { org: THelpOrganisation; visit: string }) {
  return (
    <li className="card flex flex-col gap-1 p-4">
      <p className="font-semibold text-[var(--text-strong)]">{org.name}</p>
      {org.phone && (
        <a
          className="text-sm text-[var(--text-muted)]"
          href={`tel:${org.phone.replace(/[^\d+]/g, '')}`}
          dir="ltr"
        >
          {org.phone}
        </a>
      )}
      <a
        className="text-sm text-[var(--accent)] underline"
        href={org.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        {visit}
      </a>
    </li>
  );
}

export function SaferGamblingPage() {
  const { t } = useTranslation();
  const site = useSite();
  const account = useAccount();
  const locale = site?.locale ?? 'en';
  const [country, setCountry] = useState(() => defaultHelpCountry(account?.country_code, locale));
  const visit = t('support.safer.visit', { defaultValue: 'Visit the website' });
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 py-8" data-testid="safer-gambling-page">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-[var(--text-strong)]">
          {t('support.safer.title', { defaultValue: 'Safer gambling' })}
        </h1>
        <p className="max-w-2xl text-[var(--text-muted)]">
          {t('support.safer.lead', {
            defaultValue:
              'Gambling should stay entertainment. These tools and organisations help you keep it that way.',
          })}
        </p>
      </header>

      <section aria-labelledby="tools-title" className="flex flex-col gap-4">
        <h2 id="tools-title" className="text-xl font-bold text-[var(--text-strong)]">
          {t('support.safer.toolsTitle', { defaultValue: 'Tools you can use' })}
        </h2>
        {!account && (
          <p className="text-sm text-[var(--text-muted)]">
            {t('support.safer.signInNote', {
              defaultValue: 'The tools are in your profile: sign in to use them.',
            })}
          </p>
        )}
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {TOOLS.map((tool) => (
            <li key={tool.id} className="card flex flex-col gap-2 p-4">
              <p className="font-semibold text-[var(--text-strong)]">
                {t(tool.titleKey, { defaultValue: tool.title })}
              </p>
              <p className="flex-1 text-sm text-[var(--text-muted)]">
                {t(tool.textKey, { defaultValue: tool.text })}
              </p>
              <LocaleLink to={tool.to} className="text-sm font-semibold text-[var(--accent)] underline">
                {t('support.safer.openTool', { defaultValue: 'Open in your profile' })}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quiz-title" className="card flex flex-col gap-4 p-4 sm:p-6">
        <h2 id="quiz-title" className="text-xl font-bold text-[var(--text-strong)]">
          {t('support.safer.quizTitle', { defaultValue: 'Self-assessment' })}
        </h2>
        <p className="text-sm text-[var(--text-muted)]">
          {t('support.safer.quizLead', {
            defaultValue: 'Answer honestly for the last 12 months. Your answers stay in your browser.',
          })}
        </p>
        <SelfAssessment />
      </section>

      <section aria-labelledby="help-title" className="flex flex-col gap-4">
        <h2 id="help-title" className="text-xl font-bold text-[var(--text-strong)]">
          {t('support.safer.helpTitle', { defaultValue: 'Where to find help' })}
        </h2>
        <p className="text-sm text-[var(--text-muted)]">
          {t('support.safer.helpLead', {
            defaultValue: 'Free and confidential advice, in your country or online.',
          })}
        </p>
        <label className="flex max-w-xs flex-col gap-1.5 text-sm font-medium text-[var(--text-muted)]">
          {t('support.safer.country', { defaultValue: 'Country' })}
          <select
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            className="h-11 rounded-lg border border-[var(--line)] bg-[var(--bg)] px-3 text-base text-[var(--text-strong)]"
            data-testid="help-country"
          >
            <option value="">{t('support.safer.international', { defaultValue: 'International' })}</option>
            {HELP_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code, locale)}
              </option>
            ))}
          </select>
        </label>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="help-organisations">
          {[...organisationsOf(country), ...INTERNATIONAL].map((org) => (
            <Organisation key={org.url} org={org} visit={visit} />
          ))}
        </ul>
      </section>
    </div>
  );
}
