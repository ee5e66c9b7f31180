/** One slot symbol: its theme's drawing in a 64 × 64 picture named for the player; wild and scatter framed. */
import type { TSymbolKind } from './symbol-name';
import type { TSlotArt } from './types';

export function SlotSymbol({
  art,
  id,
  label,
  kind,
}: {
  art: TSlotArt | null;
  id: string;
  label: string;
  kind: TSymbolKind;
}) {
  const Drawing = art?.[id];
  return (
    <svg viewBox="0 0 64 64" className="gm-symbol" data-kind={kind} role="img" aria-label={label}>
      {/* wild and scatter stand out by shape, not colour alone: a ringed disc, a starburst */}
      {kind === 'wild' && (
        <circle cx="32" cy="32" r="30" fill="#ffc928" fillOpacity="0.22" stroke="#ffd65a" strokeWidth="2" />
      )}
      {kind === 'scatter' && (
        <path
          fill="#c56bff"
          fillOpacity="0.4"
          stroke="#e3b8ff"
          strokeWidth="1.5"
          d="M32 0l6 12 13-6-3 14 14 3-11 9 11 9-14 3 3 14-13-6-6 12-6-12-13 6 3-14-14-3 11-9-11-9 14-3-3-14 13 6z"
        />
      )}
      {Drawing ? <Drawing /> : null}
    </svg>
  );
}
