/**
 * Every kind of movement the code base posts to the ledger has its line in the report (movement-lines.ts). The
 * kinds are read from the source: the `kind` of every postTransaction / postInTransaction call of the server's code
 * (tests and their helpers left out), and every ledger kind the SQL functions (sql/functions) and the migrations
 * write. A kind made at run time is listed with the values it takes below; a new one fails until it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClassified, lineOf, MOVEMENT_KINDS } from './movement-lines.ts';

const SERVER = join(import.meta.dirname, '../../..');
const SOURCE = join(SERVER, 'src');
/** The SQL: the functions (sql/functions) and the migrations' data steps. */
const SQL_DIRS = [join(SERVER, 'sql'), join(SERVER, 'migrations')];

/** Kinds built at run time, and the values they take (keep in step with the code named). */
const MADE_AT_RUN_TIME: Record<string, string[]> = {
  // cashier/review-withdrawal.ts: the outcome of an operator's review or the player's cancel.
  'withdrawal.${outcome}': ['withdrawal.approved', 'withdrawal.declined', 'withdrawal.cancelled'],
  // cashier/admin/adjust-balance.ts: the direction of a manual adjustment.
  'adjustment.${parsed.direction}': ['adjustment.credit', 'adjustment.debit'],
  // wallet_apply (sql/functions/wallet): 'game.' || p_kind, the wallet call.
  "'game.' ||": ['game.bet', 'game.win', 'game.rollback'],
  // bonus_end (sql/functions/bonuses): 'bonus.' || the end of a bonus.
  "'bonus.' ||": ['bonus.forfeit', 'bonus.expire', 'bonus.cancel'],
};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Test code (tests, their helpers, the test kit) posts kinds of its own (test.fund) that no server code does. */
const isTestCode = (file: string) => /(^|\/)test\/|test[^/]*\.ts$/.test(relative(SOURCE, file));

const postedKinds = () => {
  const found = new Map<string, string[]>();
  const problems: string[] = [];
  const add = (kind: string, where: string) => found.set(kind, [...(found.get(kind) ?? []), where]);
  const expand = (made: string, where: string) => {
    const values = MADE_AT_RUN_TIME[made];
    if (values) for (const kind of values) add(kind, where);
    else problems.push(`${where}: the kind ${made} is made at run time; list its values in MADE_AT_RUN_TIME`);
  };
  for (const file of files(SOURCE).filter((f) => f.endsWith('.ts') && !isTestCode(f))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\bpost(?:In)?Transaction\(/g)) {
      const where = `${relative(SERVER, file)}:${text.slice(0, call.index).split('\n').length}`;
      const args = text.slice(call.index, call.index + 1_500);
      // The ledger's own postTransaction hands its caller's input on.
      if (/^postInTransaction\(tx, input\)/.test(args)) continue;
      const kind = /\bkind:\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`)/.exec(args);
      if (!kind) problems.push(`${where}: no kind written at the call`);
      else if (kind[3]?.includes('${')) expand(kind[3], where);
      else add(kind[1] ?? kind[2] ?? kind[3] ?? '', where);
    }
  }
  for (const file of SQL_DIRS.flatMap(files).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(file, 'utf8').replace(/--.*$/gm, '');
    // The files whose functions write to the ledger (lines appended to a posted transaction too: their kind is a
    // line's, docs/decisions/070); their dotted literals are kinds.
    if (
      !/ledger_post\(|ledger_append_many\(|bonus_post\(|insert into ledger_transactions|ledger_fingerprint\(/.test(
        text,
      )
    )
      continue;
    const where = relative(SERVER, file);
    for (const [, kind] of text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) add(kind ?? '', where);
    for (const [, prefix] of text.matchAll(/'([a-z_]+\.)'\s*\|\|/g)) expand(`'${prefix}' ||`, where);
  }
  return { found, problems };
};

describe('the ledger kinds in the report', () => {
  const { found, problems } = postedKinds();

  it('reads a kind at every call that posts', () => {
    expect(problems).toEqual([]);
    // The scan finds the kinds of the cashier, the wallet's SQL and the bonus engine's SQL at least.
    for (const kind of [
      'deposit',
      'withdrawal.hold',
      'game.bet',
      'game.win',
      'jackpot.payout',
      'bonus.grant',
    ])
      expect(found.has(kind), kind).toBe(true);
  });

  it('classifies every kind the code base posts', () => {
    const unclassified = [...found]
      .filter(([kind]) => !isClassified(kind))
      .map(([kind, at]) => `${kind} (${at[0]})`);
    expect(unclassified).toEqual([]);
  });

  it('classifies no kind the code base does not post', () => {
    expect(Object.keys(MOVEMENT_KINDS).filter((kind) => !found.has(kind))).toEqual([]);
  });

  it('gives a kind nobody classified a line naming it', () => {
    expect(lineOf('mystery.kind', '')).toEqual({
      key: 'mystery.kind',
      group: 'other',
      label: 'Other: mystery.kind',
    });
    expect(lineOf('loyalty.reward', 'quest').label).toBe('Quest rewards');
    expect(lineOf('loyalty.reward', 'raffle').label).toBe('Loyalty cash rewards (raffle)');
  });
});
