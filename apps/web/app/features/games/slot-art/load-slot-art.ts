/**
 * Each theme's drawings are a chunk of their own, fetched by the game page that shows them: the home page
 * and the other slots never carry them.
 */
import { useEffect, useState } from 'react';
import type { TSlotArt } from './types';

export const SLOT_ART: Readonly<Record<string, () => Promise<TSlotArt>>> = {
  'pharaohs-fortune': () => import('./pharaohs-fortune').then((m) => m.art),
  'fruit-frenzy': () => import('./fruit-frenzy').then((m) => m.art),
  'dragons-hoard': () => import('./dragons-hoard').then((m) => m.art),
  'ocean-pearls': () => import('./ocean-pearls').then((m) => m.art),
  'wild-west-gold': () => import('./wild-west-gold').then((m) => m.art),
};

/** The drawings of a slot engine's symbols; null until its chunk has arrived (or for an unknown engine). */
export function useSlotArt(engine: string): TSlotArt | null {
  const [art, setArt] = useState<{ engine: string; art: TSlotArt } | null>(null);
  useEffect(() => {
    let live = true;
    SLOT_ART[engine]?.().then((loaded) => {
      if (live) setArt({ engine, art: loaded });
    });
    return () => {
      live = false;
    };
  }, [engine]);
  return art?.engine === engine ? art.art : null;
}
