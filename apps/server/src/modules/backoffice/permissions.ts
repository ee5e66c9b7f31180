/**
 * What each operator role may do: each role gets exactly the screens and actions its work needs. Admin may do
 * everything; finance handles money (and the sportsbook's markets and stake factors); support handles players and KYC
 * (and reads bets); marketing reads the business and runs the lobby, SEO, redirects, promotions, loyalty,
 * tournaments and jackpots; a content editor edits pages and words; the auditor reads everything and changes
 * nothing. Support and finance grant or cancel a player's bonus (goodwill, abuse, disputes).
 */
import type { TOperatorRole } from './schema.ts';

export const PERMISSIONS = [
  'withdrawals.review',
  'adjustments.create',
  'ledger.read',
  'players.read',
  'players.ban',
  'sessions.end',
  'kyc.read',
  'kyc.review',
  'audit.read',
  'reports.read',
  'reports.recompute',
  /** Read every site setting. */
  'settings.read',
  /** Technical settings: feature flags, balance refresh, registration, chat, general info, custom code. */
  'settings.edit',
  /** Marketing settings: analytics ids, SEO and robots, redirects. */
  'marketing.edit',
  'games.read',
  /** Show or hide games, order categories and home rows, bonus contribution and jackpot eligibility. */
  'games.edit',
  'content.edit',
  /** Read the loyalty catalogue (levels, programs, quests, shop, characters). */
  'loyalty.read',
  /** Create and edit the loyalty catalogue, switch rows off, set stock. */
  'loyalty.edit',
  /** Tournaments and jackpots: standings, pools. */
  'competitions.read',
  /** Create and edit tournaments and jackpots, cancel a tournament (its entry fees are refunded). */
  'competitions.edit',
  'operators.manage',
  /** The sportsbook desk: events with liability, bets, debts, players' betting limits. */
  'sportsbook.read',
  /** Suspend, resume, settle and void a market by hand. */
  'sportsbook.markets',
  /** A player's stake factor. */
  'sportsbook.limits',
  /** Grant a player a bonus or freespins, cancel a player's bonus (with a reason). */
  'bonuses.grant',
  /** Read bonus templates, promo codes and their use, cashback programs, popups and banners. */
  'promotions.read',
  /** Edit those, create and batch-generate promo codes. */
  'promotions.edit',
  /** Read content pages, translation overrides and the FAQ (editing them is content.edit). */
  'content.read',
  /** The player list as CSV (personal data leaves the back-office: a narrower right than reading it). */
  'players.export',
  /** Notes, tags and risk flags on players, saved segments, bulk tags and messages to a segment. */
  'crm.edit',
  /** A player's game rounds with game names, stakes and wins (without the ledger). */
  'rounds.read',
  /** The approvals page (money actions over an operator's limit) and the limits; deciding needs the action's own permission and a covering limit. */
  'approvals.read',
  /** Approve or reject an approval (the action's own permission and a covering limit are needed too). */
  'approvals.decide',
  /** Set the per-role amount limits. */
  'limits.edit',
  /** The jobs queue: the queues by state and age, the failed jobs with their error. */
  'jobs.read',
  /** Queue a failed job again. */
  'jobs.retry',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

/** Permissions that change nothing: the auditor holds all of them and nothing else. */
const READ_ONLY: TPermission[] = [
  'ledger.read',
  'players.read',
  'kyc.read',
  'audit.read',
  'reports.read',
  'settings.read',
  'games.read',
  'loyalty.read',
  'competitions.read',
  'sportsbook.read',
  'promotions.read',
  'content.read',
  'players.export',
  'rounds.read',
  'approvals.read',
  'jobs.read',
];

export const ROLE_PERMISSIONS: Record<TOperatorRole, readonly TPermission[]> = {
  admin: PERMISSIONS,
  // Finance reads players (to find whom to pay or adjust) but cannot ban them or end their sessions.
  // Finance also runs the book's money decisions: settling by hand, stake factors (the debts are theirs to follow).
  finance: [
    'withdrawals.review',
    'adjustments.create',
    'ledger.read',
    'players.read',
    'reports.read',
    'competitions.read',
    'sportsbook.read',
    'sportsbook.markets',
    'sportsbook.limits',
    'bonuses.grant',
    'rounds.read',
    'approvals.read',
    'approvals.decide',
  ],
  // Support reads the book to answer a player about a bet.
  support: [
    'players.read',
    'players.ban',
    'sessions.end',
    'kyc.read',
    'kyc.review',
    'sportsbook.read',
    'bonuses.grant',
    'crm.edit',
    'rounds.read',
    'approvals.read',
    'approvals.decide',
  ],
  marketing: [
    'reports.read',
    'settings.read',
    'marketing.edit',
    'games.read',
    'games.edit',
    'loyalty.read',
    'loyalty.edit',
    'competitions.read',
    'competitions.edit',
    'promotions.read',
    'promotions.edit',
  ],
  content_editor: ['settings.read', 'content.edit', 'content.read'],
  auditor: READ_ONLY,
};

export const can = (role: TOperatorRole, permission: TPermission) =>
  ROLE_PERMISSIONS[role].includes(permission);

export const ROLE_NAMES: Record<TOperatorRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  support: 'Support',
  marketing: 'Marketing',
  content_editor: 'Content editor',
  auditor: 'Auditor (read-only)',
};
