/** A game row's title (spec §3 isTitleClickable): a link to the row's category while the operator has it on. */
import type { ReactNode } from 'react';
import { LocaleLink } from '../../frame/locale-link';
import { useSite } from '../../frame/use-site';

export function RowTitle({ to, children }: { to: string; children: ReactNode }) {
  if (useSite()?.cms?.flags?.isTitleClickable === false) return children;
  return (
    <LocaleLink to={to} className="hover:text-[var(--accent)]" data-testid="row-title-link">
      {children}
    </LocaleLink>
  );
}
