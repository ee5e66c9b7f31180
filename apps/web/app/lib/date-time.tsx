/**
 * A date and time (spec §9, `dd.mm.yyyy H:mm`) that hydrates without a mismatch: the server renders it in UTC (it
 * cannot know the player's zone) and the browser's hydration renders the same UTC text; right after, React renders
 * it again in the player's time zone. Rendered in the browser outside hydration (a client navigation), it is the
 * player's at once. (Formatting with the browser's zone while hydrating gave text the server had not sent: React
 * error #418, or with `suppressHydrationWarning` the server's UTC text left in place for good.)
 */
import { type HTMLAttributes, useSyncExternalStore } from 'react';
import { formatDateTime, type TWhen } from './format';

const never = () => () => {};

/** `utc` on the server and while hydrating, `player` in the browser otherwise. */
export const useDisplayZone = () =>
  useSyncExternalStore(
    never,
    () => 'player' as const,
    () => 'utc' as const,
  );

const isoOf = (when: TWhen) => {
  if (typeof when === 'string') return when;
  const date = when instanceof Date ? when : new Date(when * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export function DateTime({ when, ...rest }: { when: TWhen } & Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  const zone = useDisplayZone();
  return (
    <time dateTime={isoOf(when)} {...rest}>
      {formatDateTime(when, zone)}
    </time>
  );
}
