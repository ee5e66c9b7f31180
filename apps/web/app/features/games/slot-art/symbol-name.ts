/** A slot symbol's name in the player's language: `games.symbols.{engine}.{id}`, the engine's name as default. */
import { useTranslation } from '../../../lib/i18n-lite';

export type TSymbolKind = 'regular' | 'wild' | 'scatter';

/** The engine names its wild and scatter "Golden Star (wild)": the translations hold the name alone. */
export const bareName = (name: string) => name.replace(/ \(.*\)$/, '');

export function useSymbolName(engine: string) {
  const { t } = useTranslation();
  return (symbol: { id: string; name: string }) =>
    t(`games.symbols.${engine}.${symbol.id}`, { defaultValue: bareName(symbol.name) });
}

/** "Golden Star (wild)" in the player's language, for the paytable. */
export function useKindLabel() {
  const { t } = useTranslation();
  return (kind: TSymbolKind) =>
    kind === 'wild'
      ? t('games.slot.wild', { defaultValue: 'Wild' })
      : kind === 'scatter'
        ? t('games.slot.scatter', { defaultValue: 'Scatter' })
        : '';
}
