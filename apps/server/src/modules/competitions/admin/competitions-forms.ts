/**
 * Reading the back-office's tournament and jackpot forms: the fields parsed by zod (text and repeated fields), then
 * every field checked, each problem said in words for the form's error box (never a crash): control characters
 * (NUL included), malformed dates and amounts, unknown games and studios. Dates are UTC (`YYYY-MM-DDTHH:MM`, the
 * datetime-local input); amounts are major units.
 */
import { toCents } from '@casino/contracts';
import { TOURNAMENT_SCORINGS } from '@casino/contracts/calls/competitions';
import { GAME_TYPES } from '@casino/contracts/calls/games';
import { z } from 'zod';
import type { TExecutor } from '../../../platform/db/database.ts';
import { formList, formString, parseForm } from '../../backoffice/index.ts';
import { gameDims } from '../../games/index.ts';
import type { TTournamentInput } from '../create-tournament.ts';
import type { TJackpotEdit } from '../jackpot-admin.ts';
import type { TJackpotInput } from '../jackpots.ts';

/** A prize, fee or stake above this (1,000,000.00) is a typo. */
const MAX_AMOUNT = 100_000_000n;
/** Control characters (tab and line breaks allowed): NUL never reaches here (the body guard refuses it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface TCatalogue {
  games: Set<string>;
  providers: Set<string>;
}

/** The games and studios a form may name. */
export const catalogueOf = async (db: TExecutor): Promise<TCatalogue> => {
  const dims = await gameDims(db);
  return {
    games: new Set(dims.keys()),
    providers: new Set([...dims.values()].map((d) => d.provider).sort()),
  };
};

/** A form's fields as zod read them: each text field a string ('' when absent), each repeated field a list. */
type TFormFields = Record<string, string | string[]>;
const formOf = (texts: readonly string[], lists: readonly string[] = []) =>
  z.object({
    ...Object.fromEntries(texts.map((name) => [name, formString()])),
    ...Object.fromEntries(lists.map((name) => [name, formList()])),
  });

const TOURNAMENT_FORM = formOf(
  [
    'title',
    'description',
    'image_url',
    'games',
    'scoring',
    'starts_at',
    'ends_at',
    'currency',
    'opt_in',
    'entry_fee',
    'tags',
    'provider',
    'min_bet',
    'countries',
    'reset_on_cashout',
  ],
  ['providers', 'game_kinds', 'prize_amount', 'prize_type'],
);
const JACKPOT_TEXTS = ['name', 'games', 'currency', 'image_url', 'min_bet'] as const;
const JACKPOT_FORM = formOf(JACKPOT_TEXTS, [
  'game_kinds',
  'tier_name',
  'tier_percent',
  'tier_seed',
  'tier_must_drop_by',
]);
/** A jackpot's edit: its words and eligibility, its state, and a share field per tier it has. */
const jackpotEditForm = (tierIds: readonly number[]) =>
  formOf([...JACKPOT_TEXTS, 'state', ...tierIds.map((id) => `tier_percent_${id}`)], ['game_kinds']);

/** Collects problems while checking a parsed form's fields. */
const reader = (form: TFormFields) => {
  const problems: string[] = [];
  /** A text field's value; a repeated field's values. */
  const field = (name: string) => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
  const fields = (name: string) => {
    const value = form[name];
    return Array.isArray(value) ? value : [];
  };
  const text = (name: string, label: string, max: number) => {
    const value = field(name).trim();
    if (CONTROL.test(value)) problems.push(`${label}: remove the control characters.`);
    else if (value.length > max) problems.push(`${label}: ${max} characters at most.`);
    return CONTROL.test(value) ? '' : value.slice(0, max);
  };
  const list = (name: string, label: string, pattern: RegExp) => {
    const raw = text(name, label, 4000);
    const items = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
    const bad = items.filter((i) => !pattern.test(i));
    if (bad.length) problems.push(`${label}: not valid: ${bad.slice(0, 5).join(', ')}.`);
    return items.filter((i) => pattern.test(i));
  };
  const choices = <T extends string>(name: string, label: string, allowed: readonly T[]) => {
    const sent = fields(name);
    const bad = sent.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length) problems.push(`${label}: unknown choice.`);
    return [...new Set(sent.filter((v): v is T => (allowed as readonly string[]).includes(v)))];
  };
  const amountOf = (sent: string, label: string, options: { required?: boolean; min?: bigint } = {}) => {
    const raw = sent.trim();
    if (!raw) {
      if (options.required) problems.push(`${label}: enter an amount.`);
      return 0n;
    }
    let cents: bigint;
    try {
      cents = toCents(raw);
    } catch {
      problems.push(`${label}: enter an amount like 25.00.`);
      return 0n;
    }
    if (cents < (options.min ?? 0n) || cents > MAX_AMOUNT) {
      problems.push(`${label}: between ${Number(options.min ?? 0n) / 100} and 1,000,000.00.`);
      return 0n;
    }
    return cents;
  };
  const amount = (name: string, label: string, options: { required?: boolean; min?: bigint } = {}) =>
    amountOf(field(name), label, options);
  const utc = (name: string, label: string) => {
    const raw = text(name, label, 30);
    const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(raw);
    const at = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00Z`) : null;
    // A date that does not exist (2026-02-30) parses to another day: the round trip catches it.
    if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== raw.replace(' ', 'T')) {
      problems.push(`${label}: give a date and time as YYYY-MM-DD HH:MM (UTC).`);
      return null;
    }
    return at;
  };
  return { problems, field, fields, text, list, choices, amount, amountOf, utc };
};

const SYSNAME = /^[\w-]{1,80}$/;

export interface TTournamentForm {
  input: TTournamentInput;
  problems: string[];
}

/** The tournament as the form sent it; `before`: the tournament being edited (its other locales' words stay). */
export const readTournamentForm = (
  body: unknown,
  catalogue: TCatalogue,
  before?: Pick<TTournamentInput, 'title' | 'description' | 'extra'>,
): TTournamentForm => {
  const form = parseForm(TOURNAMENT_FORM, body);
  const r = reader(form);
  const { field, fields } = r;
  const title = r.text('title', 'Title', 120);
  if (!title) r.problems.push('Title: required.');
  const description = r.text('description', 'Description', 2000);
  const imageUrl = r.text('image_url', 'Image address', 500);
  if (imageUrl && !/^(\/|https:\/\/)\S+$/.test(imageUrl))
    r.problems.push('Image address: a path starting with / or an https:// address.');
  const games = r.list('games', 'Games', SYSNAME);
  const unknownGames = games.filter((g) => !catalogue.games.has(g));
  if (unknownGames.length)
    r.problems.push(`Games: not in the catalogue: ${unknownGames.slice(0, 5).join(', ')}.`);
  const providers = r.choices('providers', 'Providers', [...catalogue.providers]);
  if (games.length && providers.length) r.problems.push('Name games or providers, not both.');
  const scoring = field('scoring');
  if (!(TOURNAMENT_SCORINGS as readonly string[]).includes(scoring))
    r.problems.push('Scoring: choose a rule.');
  const startsAt = r.utc('starts_at', 'Starts');
  const endsAt = r.utc('ends_at', 'Ends');
  if (startsAt && endsAt && endsAt <= startsAt) r.problems.push('Ends: must be after the start.');
  const currency = r.text('currency', 'Currency', 3) || 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) r.problems.push('Currency: three capital letters, e.g. USD.');
  const optIn = field('opt_in') === '1';
  const entryFee = r.amount('entry_fee', 'Entry fee');
  if (entryFee > 0n && !optIn) r.problems.push('Entry fee: only an opt-in tournament can take one.');
  if (fields('prize_amount').length > 50) r.problems.push('Prizes: 50 places at most.');
  const prizeTypes = fields('prize_type');
  const prizes = fields('prize_amount')
    .slice(0, 50)
    .map((raw, i) => ({ raw: raw.trim(), place: i + 1, type: prizeTypes[i] ?? 'cash' }))
    .filter((p) => p.raw !== '')
    .map((p) => {
      const amount = r.amountOf(p.raw, `Prize for place ${p.place}`, { min: 1n });
      if (p.type !== 'cash' && p.type !== 'bonus')
        r.problems.push(`Prize for place ${p.place}: cash or bonus.`);
      return {
        place: p.place,
        type: p.type === 'bonus' ? ('bonus' as const) : ('cash' as const),
        amount: Number(amount),
      };
    })
    .filter((p) => p.amount > 0);
  return {
    problems: r.problems,
    input: {
      title: { ...(before?.title ?? {}), en: title },
      description: { ...(before?.description ?? {}), en: description },
      imageUrl: imageUrl || null,
      tags: r.list('tags', 'Tags', /^[\w-]{1,30}$/),
      provider: r.text('provider', 'Provider shown on the card', 60) || null,
      games,
      providers,
      gameKinds: r.choices('game_kinds', 'Kinds', GAME_TYPES),
      startsAt: startsAt ?? new Date(0),
      endsAt: endsAt ?? new Date(0),
      scoring: (TOURNAMENT_SCORINGS as readonly string[]).includes(scoring)
        ? (scoring as TTournamentInput['scoring'])
        : 'wagered',
      minBet: r.amount('min_bet', 'Qualifying bet'),
      countries: r.list('countries', 'Countries', /^[A-Z]{2}$/),
      currency,
      optIn,
      resetOnCashout: field('reset_on_cashout') === '1',
      entryFee,
      prizes,
      extra: before?.extra ?? {},
    },
  };
};

const TIER_NAME = /^[a-z][a-z0-9_-]{0,19}$/;

/** A new jackpot: its words, eligibility and up to three tiers (seed and must-drop-by fixed from now on). */
export const readJackpotForm = (body: unknown, catalogue: TCatalogue) => {
  const form = parseForm(JACKPOT_FORM, body);
  const r = reader(form);
  const { fields } = r;
  const name = r.text('name', 'Name', 120);
  if (!name) r.problems.push('Name: required.');
  const games = r.list('games', 'Games', SYSNAME);
  const unknownGames = games.filter((g) => !catalogue.games.has(g));
  if (unknownGames.length)
    r.problems.push(`Games: not in the catalogue: ${unknownGames.slice(0, 5).join(', ')}.`);
  const currency = r.text('currency', 'Currency', 3) || 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) r.problems.push('Currency: three capital letters, e.g. USD.');
  const imageUrl = r.text('image_url', 'Image address', 500);
  if (imageUrl && !/^(\/|https:\/\/)\S+$/.test(imageUrl))
    r.problems.push('Image address: a path starting with / or an https:// address.');
  const tiers: TJackpotInput['tiers'] = [];
  const names = fields('tier_name');
  names.forEach((raw, i) => {
    const tierName = raw.trim();
    if (!tierName) return;
    const label = `Tier ${i + 1}`;
    if (!TIER_NAME.test(tierName)) r.problems.push(`${label}: a short lowercase name such as mini.`);
    const bp = percentToBp(fields('tier_percent')[i] ?? '');
    if (bp === null) r.problems.push(`${label}: the share is a percent between 0.01 and 10.`);
    const seed = r.amountOf(fields('tier_seed')[i] ?? '', `${label} seed`, { min: 1n, required: true });
    const ceiling = r.amountOf(fields('tier_must_drop_by')[i] ?? '', `${label} must drop by`, {
      min: 2n,
      required: true,
    });
    if (seed && ceiling && ceiling <= seed) r.problems.push(`${label}: must drop by is above the seed.`);
    tiers.push({ name: tierName, contributionBp: bp ?? 1, seed, mustDropBy: ceiling });
  });
  if (tiers.length === 0) r.problems.push('Tiers: give at least one tier.');
  if (new Set(tiers.map((t) => t.name)).size !== tiers.length) r.problems.push('Tiers: each name once.');
  const input: TJackpotInput = {
    name: { en: name },
    currency,
    games,
    gameKinds: r.choices('game_kinds', 'Kinds', GAME_TYPES),
    minBet: r.amount('min_bet', 'Qualifying bet'),
    imageUrl: imageUrl || null,
    tiers,
  };
  return { input, problems: r.problems };
};

/** `1.5` → 150 basis points; null when it is not a percent in (0, 10] with at most two decimals. */
export const percentToBp = (raw: string): number | null => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return bp > 0 && bp <= 1000 ? bp : null;
};

/** A jackpot's edit: words, eligibility, state and each tier's share. */
export const readJackpotEdit = (
  body: unknown,
  catalogue: TCatalogue,
  before: { name: Record<string, string>; tierIds: number[] },
) => {
  const form = parseForm(jackpotEditForm(before.tierIds), body);
  const r = reader(form);
  const { field } = r;
  const name = r.text('name', 'Name', 120);
  if (!name) r.problems.push('Name: required.');
  const games = r.list('games', 'Games', SYSNAME);
  const unknownGames = games.filter((g) => !catalogue.games.has(g));
  if (unknownGames.length)
    r.problems.push(`Games: not in the catalogue: ${unknownGames.slice(0, 5).join(', ')}.`);
  const imageUrl = r.text('image_url', 'Image address', 500);
  if (imageUrl && !/^(\/|https:\/\/)\S+$/.test(imageUrl))
    r.problems.push('Image address: a path starting with / or an https:// address.');
  const state = field('state');
  if (state !== 'active' && state !== 'paused') r.problems.push('State: choose active or paused.');
  const contributionBp = new Map<number, number>();
  for (const tierId of before.tierIds) {
    const bp = percentToBp(field(`tier_percent_${tierId}`));
    if (bp === null) r.problems.push(`Tier #${tierId}: the share is a percent between 0.01 and 10.`);
    else contributionBp.set(tierId, bp);
  }
  const edit: TJackpotEdit = {
    name: { ...before.name, en: name },
    games,
    gameKinds: r.choices('game_kinds', 'Kinds', GAME_TYPES),
    minBet: r.amount('min_bet', 'Qualifying bet'),
    imageUrl: imageUrl || null,
    state: state === 'paused' ? 'paused' : 'active',
    contributionBp,
  };
  return { edit, problems: r.problems };
};
