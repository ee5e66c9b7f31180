/**
 * The five kinds of rows an operator keeps in the loyalty catalogue, each with its table and fields. Rows are
 * never deleted (claims, orders, progress and players refer to them): an operator deactivates them instead.
 * A create-only field (a sysname, a kind) is fixed once the row exists: pages, progress and orders depend on it.
 */
import type { TField } from './catalogue-fields.ts';

export type TCatalogueKindId = 'levels' | 'programs' | 'quests' | 'products' | 'characters';

export interface TCatalogueKind {
  id: TCatalogueKindId;
  /** For the audit log's actions (loyalty.level_update…). */
  singular: string;
  title: string;
  table: string;
  orderBy: string;
  fields: (TField & { createOnly?: boolean })[];
  /** The fields the list shows (after the sysname). */
  summary: string[];
}

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 2000;
const priority: TField = {
  name: 'priority',
  column: 'priority',
  label: 'Priority',
  help: 'Higher comes first.',
  type: 'int',
  min: -10_000,
  max: 10_000,
  nullable: false,
};
const sysname = (help: string) =>
  ({
    name: 'sysname',
    column: 'sysname',
    label: 'Sysname',
    help,
    type: 'sysname',
    createOnly: true,
  }) as const;
const image = (nullable: boolean): TField => ({
  name: 'image',
  column: 'image',
  label: 'Image',
  help: 'A path in the image store, e.g. loyalty/levels/gold.svg.',
  type: 'image',
  nullable,
});
const titled = (): TField[] => [
  { name: 'title', column: 'title', label: 'Title', type: 'texts', max: TEXT_MAX },
  {
    name: 'description',
    column: 'description',
    label: 'Description',
    type: 'texts',
    max: DESCRIPTION_MAX,
    multiline: true,
  },
];

export const CATALOGUE_KINDS: TCatalogueKind[] = [
  {
    id: 'levels',
    singular: 'level',
    title: 'Levels',
    table: 'loyalty_levels',
    orderBy: 'min_points',
    summary: ['name', 'min_points', 'reward'],
    fields: [
      sysname('Lower-case letters, digits, - and _.'),
      { name: 'name', column: 'name', label: 'Name', type: 'texts', max: TEXT_MAX },
      {
        name: 'min_points',
        column: 'min_points',
        label: 'Threshold (lifetime points)',
        help: 'The first level starts at 0 and stays there.',
        type: 'points',
      },
      {
        name: 'reward',
        column: 'reward',
        label: 'Reward on reaching it',
        help: 'Bonus and cash in dollars; points in points.',
        type: 'reward',
        kinds: ['bonus', 'cash', 'points'],
        nullable: true,
      },
      image(true),
    ],
  },
  {
    id: 'programs',
    singular: 'program',
    title: 'Programs',
    table: 'loyalty_programs',
    orderBy: 'priority desc, id',
    summary: ['title', 'kind', 'starts_at', 'ends_at'],
    fields: [
      sysname('Its page is /loyalty/{sysname}.'),
      {
        name: 'kind',
        column: 'kind',
        label: 'Kind',
        type: 'enum',
        options: ['levels', 'quests'],
        createOnly: true,
      },
      ...titled(),
      image(true),
      priority,
      { name: 'starts_at', column: 'starts_at', label: 'Starts (UTC)', type: 'date', nullable: true },
      { name: 'ends_at', column: 'ends_at', label: 'Ends (UTC)', type: 'date', nullable: true },
    ],
  },
  {
    id: 'quests',
    singular: 'quest',
    title: 'Quests',
    table: 'loyalty_quests',
    orderBy: 'priority desc, id',
    summary: ['title', 'kind', 'target', 'ends_at'],
    fields: [
      sysname('Lower-case letters, digits, - and _.'),
      { name: 'program_id', column: 'program_id', label: 'Program', type: 'program' },
      {
        name: 'kind',
        column: 'kind',
        label: 'Kind',
        help: 'wager_slots: dollars staked on slots; deposit: deposits; distinct_games: games played; big_win: wins at 10× or more.',
        type: 'enum',
        options: ['wager_slots', 'deposit', 'distinct_games', 'big_win'],
        createOnly: true,
      },
      {
        name: 'target',
        column: 'target',
        label: 'Target',
        help: 'Dollars for a wager quest, a count for the others.',
        type: 'questTarget',
      },
      ...titled(),
      {
        name: 'reward',
        column: 'reward',
        label: 'Reward',
        help: 'Bonus and cash in dollars; points in points.',
        type: 'reward',
        kinds: ['bonus', 'cash', 'points'],
        nullable: false,
      },
      image(true),
      priority,
      { name: 'starts_at', column: 'starts_at', label: 'Starts (UTC)', type: 'date', nullable: false },
      { name: 'ends_at', column: 'ends_at', label: 'Ends (UTC)', type: 'date', nullable: false },
    ],
  },
  {
    id: 'products',
    singular: 'product',
    title: 'Shop products',
    table: 'loyalty_products',
    orderBy: 'priority desc, id',
    summary: ['title', 'type', 'price', 'stock'],
    fields: [
      sysname('Lower-case letters, digits, - and _.'),
      {
        name: 'type',
        column: 'type',
        label: 'Type',
        help: 'An item is delivered by an operator; freespins grant a pack on one slot.',
        type: 'enum',
        options: ['bonus', 'cash', 'freespins', 'item'],
        createOnly: true,
      },
      { name: 'price', column: 'price', label: 'Price (points)', type: 'points' },
      {
        name: 'reward',
        column: 'reward',
        label: 'Amount granted',
        help: 'Bonus or cash: dollars. Freespins: spins, slot and dollars a spin, e.g. "20 copperfox_cherry_flare 0.20". Empty for an item.',
        type: 'productReward',
      },
      {
        name: 'stock',
        column: 'stock',
        label: 'Stock',
        help: 'Units on sale; empty for unlimited. Change it later with the stock form.',
        type: 'int',
        min: 0,
        max: 1_000_000,
        nullable: true,
        createOnly: true,
      },
      {
        name: 'per_player_limit',
        column: 'per_player_limit',
        label: 'Per-player limit',
        help: 'Empty for no limit.',
        type: 'int',
        min: 1,
        max: 1_000_000,
        nullable: true,
      },
      ...titled(),
      image(true),
      priority,
    ],
  },
  {
    id: 'characters',
    singular: 'character',
    title: 'Characters',
    table: 'loyalty_characters',
    orderBy: 'priority desc, id',
    summary: ['name', 'image', 'priority'],
    fields: [
      sysname('Lower-case letters, digits, - and _.'),
      { name: 'name', column: 'name', label: 'Name', type: 'texts', max: TEXT_MAX },
      image(false),
      priority,
    ],
  },
];

export const catalogueKind = (id: string) => CATALOGUE_KINDS.find((k) => k.id === id) ?? null;
