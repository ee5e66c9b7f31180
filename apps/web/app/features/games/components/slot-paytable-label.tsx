/** A slot paytable row's heading: the symbol as drawn on the reels and its name in the player's language. */

import type { TSlotView } from '../lib/game-kinds';
import { SlotSymbol } from '../slot-art/slot-symbol';
import { useKindLabel, useSymbolName } from '../slot-art/symbol-name';
import type { TSlotArt } from '../slot-art/types';

export function SlotPaytableLabel({
  engine,
  slot,
  symbolId,
  note,
  art,
}: {
  engine: string;
  slot: TSlotView;
  symbolId: string;
  /** What the row pays on, when not the line bet (the engine's words, e.g. "(× total stake)"). */
  note?: string;
  art: TSlotArt | null;
}) {
  const nameOf = useSymbolName(engine);
  const kindLabel = useKindLabel();
  const symbol = slot.symbols.find((s) => s.id === symbolId);
  if (!symbol) return null;
  const name = nameOf(symbol);
  const kind = kindLabel(symbol.kind);
  return (
    <span className="gm-paytable-symbol">
      <span className="gm-paytable-art" aria-hidden="true">
        <SlotSymbol art={art} id={symbol.id} kind={symbol.kind} label={name} />
      </span>
      <span>
        {kind ? `${name} (${kind})` : name}
        {note ? ` ${note}` : ''}
      </span>
    </span>
  );
}
