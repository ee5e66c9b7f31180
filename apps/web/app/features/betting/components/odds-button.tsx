/** One outcome's price: picks it into the slip; flashes green or red for a moment when the price moves. */
import { useEffect, useRef, useState } from 'react';
import { formatOdds, useOddsFormat } from '../odds';
import { keyOf, slip, type TSlipSelection, useSlip } from '../slip-store';

interface TProps {
  selection: TSlipSelection;
  active: boolean;
  label: string;
}

export function OddsButton({ selection, active, label }: TProps) {
  const format = useOddsFormat();
  const picked = useSlip().some((s) => keyOf(s) === keyOf(selection));
  const previous = useRef(selection.odds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (selection.odds === previous.current) return;
    setFlash(selection.odds > previous.current ? 'up' : 'down');
    previous.current = selection.odds;
    const timer = setTimeout(() => setFlash(null), 1500);
    return () => clearTimeout(timer);
  }, [selection.odds]);
  const tone = picked
    ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-contrast)]'
    : flash === 'up'
      ? 'border-emerald-500 bg-emerald-500/20 text-[var(--text-strong)]'
      : flash === 'down'
        ? 'border-rose-500 bg-rose-500/20 text-[var(--text-strong)]'
        : 'border-[var(--line)] bg-[var(--bg)] text-[var(--text-strong)] hover:bg-[var(--surface-hover)]';
  return (
    <button
      type="button"
      disabled={!active}
      aria-pressed={picked}
      data-testid="odds-button"
      data-odds={selection.odds}
      data-flash={flash ?? undefined}
      onClick={() => slip.toggle(selection)}
      className={`flex min-h-11 min-w-0 flex-1 flex-col items-center justify-center rounded-lg border px-2 py-1 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${tone}`}
    >
      <span className="line-clamp-2 w-full break-words text-center text-xs opacity-80">{label}</span>
      <span className="font-semibold tabular-nums">
        {active ? (
          <>
            {flash === 'up' ? '▲ ' : flash === 'down' ? '▼ ' : ''}
            {formatOdds(selection.odds, format)}
          </>
        ) : (
          '—'
        )}
      </span>
    </button>
  );
}
