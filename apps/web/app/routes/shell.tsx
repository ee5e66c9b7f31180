/** The shared page for routes whose features have not landed (see routes.ts). */
import { type LoaderFunctionArgs, type MetaFunction, useMatches } from 'react-router';
import { PageShell } from '../features/page-shell/page-shell';
import { PROFILE_SECTIONS, SHELLS } from '../features/page-shell/shells';
import { pageMeta } from '../features/seo/page-meta';
import { useTranslation } from '../lib/i18n-lite';
import { brandOf, metaText } from '../lib/site/page-title';
import { systemError } from '../lib/site/site.server';

export const loader = ({ params }: LoaderFunctionArgs) => {
  // Spec §2: a page whose validation fails is 404 'Page Not Found'.
  if (params.section !== undefined && !(PROFILE_SECTIONS as readonly string[]).includes(params.section))
    throw systemError('not-found-validation', 404);
  if (params.id !== undefined && !/^[\w-]+$/.test(params.id)) throw systemError('not-found-validation', 404);
  return null;
};

export const meta: MetaFunction = ({ matches }) => {
  const shell = SHELLS[matches.at(-1)?.id ?? ''];
  if (!shell) return pageMeta(matches, { title: brandOf(matches) });
  const title = metaText(matches, [shell.titleKey, shell.title]);
  return pageMeta(matches, {
    title: `${title} | ${brandOf(matches)}`,
    description: metaText(
      matches,
      ['pages.titles.shellDescription', '{title}: slots, live casino and sports betting with fast payouts.'],
      { title },
    ),
  });
};

export default function ShellRoute() {
  const { t } = useTranslation();
  const id = useMatches().at(-1)?.id ?? '';
  const shell = SHELLS[id] ?? { titleKey: '', title: 'Casino', emptyKey: '', empty: '' };
  return (
    <PageShell
      title={t(shell.titleKey, { defaultValue: shell.title })}
      empty={t(shell.emptyKey, { defaultValue: shell.empty })}
    />
  );
}
