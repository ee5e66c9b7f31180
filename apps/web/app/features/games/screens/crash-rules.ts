/**
 * The crash rules in the reader's language for the rules panel (the engine's rules() text is the English of
 * these). The mapping's formula stays as the engine writes it.
 */

/** = CRASH_BETTING_SECONDS of the engine (crash-rules.test.ts); not imported, so no engine code joins the game page. */
export const BETTING_SECONDS = 7;
type TTranslate = (key: string, options?: Record<string, unknown>) => string;

/** `mapping` is the engine's (its first line is replaced by the translated seeds line). */
export const crashRulesText = (t: TTranslate, mapping: string[]) => {
  return {
    summary: t('games.crash.rules.summary', {
      defaultValue: 'A shared round: bet before take-off, cash out before the multiplier crashes.',
    }),
    rules: [
      t('games.crash.rules.table', {
        defaultValue:
          'Every round is the same for every player at the table: {s} s to bet, then the flight, then a short pause.',
        s: BETTING_SECONDS,
      }),
      t('games.crash.rules.curve', {
        defaultValue:
          'The multiplier starts at 1.00× and grows as e^(0.00006·ms) until the round’s crash point.',
      }),
      t('games.crash.rules.cashout', {
        defaultValue:
          'Cash out at any moment of the flight to win stake × the multiplier on the server’s clock (rounded down to the cent).',
      }),
      t('games.crash.rules.auto', {
        defaultValue:
          'An auto cash-out (1.01× – 1,000,000×) cashes out by itself when the flight reaches it, even with the page closed.',
      }),
      t('games.crash.rules.crash', {
        defaultValue:
          'A bet not cashed out when the multiplier crashes is lost. About 1 round in 100 crashes at 1.00×: every bet of that round loses.',
      }),
      t('games.crash.rules.restart', {
        defaultValue:
          'If the table stops (a server restart) and is not back before the crash point: auto cash-outs at or below the crash point are paid, every other bet still open is returned.',
      }),
    ],
    mapping: [
      t('games.crash.rules.seeds', {
        defaultValue:
          'Each round: a fresh server seed whose SHA-256 is published when betting opens; client seed = the table’s name; nonce = the round number; the seed is revealed at the crash.',
      }),
      ...mapping.slice(1),
    ],
  };
};
