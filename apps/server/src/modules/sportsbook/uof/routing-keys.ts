/**
 * UOF's AMQP routing keys (docs: "AMQP topic filtering"): eight words separated by dots,
 * `{priority}.{pre-match interest}.{live interest}.{message type}.{sport id}.{urn type}.{event id}.{node id}`,
 * e.g. `hi.-.live.odds_change.1.sr:match.1234.-`; `-` where a word does not apply. The node id is the one a
 * recovery request named (UOF_NODE_ID), so that a session receives only its own recovery.
 */
import { PRODUCT, type TUofMessage } from './message-types.ts';

export interface TRoutingKey {
  /** hi: timing-sensitive; lo: not (settlements); '-' for system messages */
  priority: 'hi' | 'lo' | '-';
  /** pre: pre-match interest; virt: virtual sports */
  prematch: 'pre' | 'virt' | '-';
  live: 'live' | 'virt' | '-';
  messageType: string;
  sportId?: number;
  /** The event's URN (sr:match:1234), from the key's urn type and event id. */
  eventUrn?: string;
  nodeId?: number;
}

const WORD = {
  priority: ['hi', 'lo', '-'],
  prematch: ['pre', 'virt', '-'],
  live: ['live', 'virt', '-'],
} as const;

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]) =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** Reads a routing key; null when it is not one of UOF's (7 words are accepted: the docs' snapshot example has 7). */
export const parseRoutingKey = (key: string): TRoutingKey | null => {
  const words = key.split('.');
  if (words.length !== 7 && words.length !== 8) return null;
  const [priority, prematch, live, messageType, sport, urnType, eventId, node = '-'] = words;
  const p = oneOf(priority, WORD.priority);
  const pre = oneOf(prematch, WORD.prematch);
  const l = oneOf(live, WORD.live);
  if (!p || !pre || !l || !messageType || messageType === '-') return null;
  if (sport !== '-' && !/^\d+$/.test(sport ?? '')) return null;
  if (urnType !== '-' && !/^[a-z][a-z0-9]*:[a-z_][a-z0-9_]*$/.test(urnType ?? '')) return null;
  if (eventId !== '-' && !/^\d+$/.test(eventId ?? '')) return null;
  if ((urnType === '-') !== (eventId === '-')) return null;
  if (node !== '-' && !/^-?\d+$/.test(node)) return null;
  return {
    priority: p,
    prematch: pre,
    live: l,
    messageType,
    ...(sport === '-' ? {} : { sportId: Number(sport) }),
    ...(urnType === '-' ? {} : { eventUrn: `${urnType}:${eventId}` }),
    ...(node === '-' ? {} : { nodeId: Number(node) }),
  };
};

/**
 * The keys our queue binds (as the SDKs bind for "all messages"): every event message, `alive` of every producer,
 * and `snapshot_complete`; with a node id, the event messages of no node and of ours only, and our node's
 * snapshot_complete, so another session's recovery does not reach this one.
 */
export const bindingKeys = (nodeId?: number): string[] =>
  nodeId === undefined
    ? ['*.*.*.*.*.*.*.#', '-.-.-.snapshot_complete.-.-.-.-', '-.-.-.alive.#']
    : [
        `*.*.*.*.*.*.*.${nodeId}.#`,
        '*.*.*.*.*.*.*.-.#',
        `-.-.-.snapshot_complete.-.-.-.${nodeId}`,
        '-.-.-.alive.#',
      ];

/** Whether a topic binding (`*` one word, `#` zero or more) matches a routing key: AMQP's rule, for tests and checks. */
export const topicMatches = (binding: string, key: string): boolean => {
  const match = (b: string[], k: string[]): boolean => {
    if (b.length === 0) return k.length === 0;
    const [head, ...rest] = b;
    if (head === '#') return match(rest, k) || (k.length > 0 && match(b, k.slice(1)));
    if (k.length === 0) return false;
    return (head === '*' || head === k[0]) && match(rest, k.slice(1));
  };
  return match(binding.split('.'), key.split('.'));
};

/**
 * The key Sportradar would publish a message under (the simulator and the tests publish with it): settlements go
 * low priority, everything else high; LO's messages have live interest, Ctrl's pre-match, a fixture change both.
 */
export const routingKeyFor = (message: TUofMessage, options: { sportId?: number; nodeId?: number } = {}) => {
  const node = options.nodeId === undefined ? '-' : String(options.nodeId);
  if (message.type === 'alive') return '-.-.-.alive.-.-.-.-';
  if (message.type === 'snapshot_complete') return `-.-.-.snapshot_complete.-.-.-.${node}`;
  const at = message.eventId.lastIndexOf(':');
  const urnType = message.eventId.slice(0, at);
  const id = message.eventId.slice(at + 1);
  const priority = message.type === 'bet_settlement' ? 'lo' : 'hi';
  const both = message.type === 'fixture_change';
  const pre = both || message.product !== PRODUCT.liveOdds ? 'pre' : '-';
  const live = both || message.product === PRODUCT.liveOdds ? 'live' : '-';
  const sport = options.sportId === undefined ? '-' : String(options.sportId);
  return `${priority}.${pre}.${live}.${message.type}.${sport}.${urnType}.${id}.${node}`;
};
