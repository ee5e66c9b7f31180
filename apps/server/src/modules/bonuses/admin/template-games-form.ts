/**
 * A bonus template's per-game contribution overrides as the template form posts them: rows of `game` (a sysname
 * picked from the catalogue) and `game_percent` (0–100), in document order, plus `game_remove` (the sysnames whose
 * row is ticked for removal). An empty row is skipped (the form's blank rows for adding); a half-filled row, an
 * unknown game, a game twice or a percent outside 0–100 is refused on its field, nothing saved.
 */
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { fields } from '../../backoffice/index.ts';

/** More rows than this is a typo or a script, not an operator. */
export const MAX_GAME_OVERRIDES = 200;
const SYSNAME = /^[a-z0-9_]{1,80}$/;

/**
 * The overrides the form asks for. `known` answers whether the catalogue has a game; a game the template already
 * overrides is kept even if the catalogue dropped it (removing it is always possible).
 */
export const gameOverridesFrom = (
  body: unknown,
  current: Readonly<Record<string, number>>,
  known: (sysname: string) => boolean,
): Record<string, number> => {
  const games = fields(body, 'game');
  const percents = fields(body, 'game_percent');
  const removed = new Set(fields(body, 'game_remove').map((s) => s.trim()));
  if (games.length !== percents.length) throw invalidParameters({ games: 'requiredField' });
  if (games.length > MAX_GAME_OVERRIDES) throw invalidParameters({ games: 'maxLength' });
  const overrides: Record<string, number> = {};
  games.forEach((raw, i) => {
    const sysname = raw.trim();
    const percentText = (percents[i] ?? '').trim();
    if (sysname === '' && percentText === '') return;
    if (sysname === '' || percentText === '') throw invalidParameters({ games: 'requiredField' });
    if (removed.has(sysname)) return;
    if (!SYSNAME.test(sysname) || (!(sysname in current) && !known(sysname)))
      throw invalidParameters({ games: 'wrongField' });
    if (sysname in overrides) throw invalidParameters({ games: 'taken' });
    if (!/^\d{1,3}$/.test(percentText)) throw invalidParameters({ game_percent: 'wrongField' });
    const percent = Number(percentText);
    if (percent > 100) throw invalidParameters({ game_percent: 'maxValue' });
    overrides[sysname] = percent;
  });
  return overrides;
};
