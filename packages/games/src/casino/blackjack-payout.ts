import { ratio, type TRatio } from '../core/ratio.ts';

/** A natural pays 6:5: the stake back plus 6/5 of it (the engine rounds that down to the cent). */
export const BLACKJACK_PAYS: TRatio = ratio(6n, 5n);
