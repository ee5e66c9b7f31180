/** The player's odds format: decimal, fractional or American. */
import { useTranslation } from '../../../lib/i18n-lite';
import { ODDS_FORMATS, setOddsFormat, type TOddsFormat, useOddsFormat } from '../odds';

export function OddsFormatSelect() {
  const { t } = useTranslation();
  const format = useOddsFormat();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-[var(--text-muted)]">
        {t('betting.oddsFormat.label', { defaultValue: 'Odds' })}
      </span>
      <select
        value={format}
        data-testid="odds-format"
        onChange={(e) => setOddsFormat(e.target.value as TOddsFormat)}
        className="h-9 rounded-lg border border-[var(--line)] bg-[var(--bg)] px-2 text-[var(--text-strong)]"
      >
        {ODDS_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(`betting.oddsFormat.${f}`, { defaultValue: f })}
          </option>
        ))}
      </select>
    </label>
  );
}
