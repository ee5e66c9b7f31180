/** UOF routing keys: read, written for each message, and the bindings that reach (or keep out) each of them. */
import { describe, expect, it } from 'vitest';
import type { TUofMessage } from './message-types.ts';
import { bindingKeys, parseRoutingKey, routingKeyFor, topicMatches } from './routing-keys.ts';

describe('parseRoutingKey', () => {
  it('reads the eight words of the docs examples', () => {
    expect(parseRoutingKey('hi.-.live.odds_change.1.sr:match.1234.-')).toEqual({
      priority: 'hi',
      prematch: '-',
      live: 'live',
      messageType: 'odds_change',
      sportId: 1,
      eventUrn: 'sr:match:1234',
    });
    expect(parseRoutingKey('lo.pre.-.bet_settlement.5.sr:stage.77.42')).toEqual({
      priority: 'lo',
      prematch: 'pre',
      live: '-',
      messageType: 'bet_settlement',
      sportId: 5,
      eventUrn: 'sr:stage:77',
      nodeId: 42,
    });
    expect(parseRoutingKey('-.-.-.alive.-.-.-.-')).toEqual({
      priority: '-',
      prematch: '-',
      live: '-',
      messageType: 'alive',
    });
    expect(parseRoutingKey('-.-.-.snapshot_complete.-.-.-')).toMatchObject({
      messageType: 'snapshot_complete',
    });
    expect(parseRoutingKey('hi.virt.-.odds_change.1.vf:match.9.-')).toMatchObject({ eventUrn: 'vf:match:9' });
  });

  it('refuses what is not one of them', () => {
    for (const key of [
      '',
      'hi.-.live.odds_change',
      'mid.-.live.odds_change.1.sr:match.1.-',
      'hi.-.live.odds_change.one.sr:match.1.-',
      'hi.-.live.odds_change.1.sr:match.-.-',
      'hi.-.live.odds_change.1.sr:match.1.node',
      'hi.-.live.-.1.sr:match.1.-',
      'hi.-.live.odds_change.1.sr:match.1.-.extra',
    ])
      expect(parseRoutingKey(key), key).toBeNull();
  });
});

describe('routingKeyFor', () => {
  const base = { eventId: 'sr:match:1234', timestamp: 1 };
  it('writes the keys Sportradar publishes under', () => {
    const odds: TUofMessage = { type: 'odds_change', product: 1, ...base, markets: [] };
    expect(routingKeyFor(odds, { sportId: 1 })).toBe('hi.-.live.odds_change.1.sr:match.1234.-');
    expect(routingKeyFor({ ...odds, product: 3 }, { sportId: 1 })).toBe(
      'hi.pre.-.odds_change.1.sr:match.1234.-',
    );
    expect(
      routingKeyFor({ type: 'bet_settlement', product: 1, ...base, markets: [] }, { sportId: 1, nodeId: 7 }),
    ).toBe('lo.-.live.bet_settlement.1.sr:match.1234.7');
    expect(routingKeyFor({ type: 'fixture_change', product: 3, ...base, startTime: 5 }, { sportId: 2 })).toBe(
      'hi.pre.live.fixture_change.2.sr:match.1234.-',
    );
    expect(routingKeyFor({ type: 'alive', product: 1, timestamp: 1, subscribed: true })).toBe(
      '-.-.-.alive.-.-.-.-',
    );
    expect(
      routingKeyFor({ type: 'snapshot_complete', product: 1, timestamp: 1, requestId: 3 }, { nodeId: 7 }),
    ).toBe('-.-.-.snapshot_complete.-.-.-.7');
    // Every key written is one parseRoutingKey reads.
    expect(parseRoutingKey(routingKeyFor(odds, { sportId: 1 }))?.eventUrn).toBe('sr:match:1234');
  });
});

describe('bindingKeys', () => {
  const reaches = (bindings: string[], key: string) => bindings.some((b) => topicMatches(b, key));

  it('without a node id: every message', () => {
    const bindings = bindingKeys();
    for (const key of [
      'hi.-.live.odds_change.1.sr:match.1.-',
      'lo.pre.-.bet_settlement.1.sr:match.1.-',
      'hi.-.live.odds_change.1.sr:match.1.7',
      '-.-.-.alive.-.-.-.-',
      '-.-.-.snapshot_complete.-.-.-.-',
    ])
      expect(reaches(bindings, key), key).toBe(true);
  });

  it("with a node id: our node's recovery and nobody's messages, not another node's", () => {
    const bindings = bindingKeys(7);
    expect(bindings).toContain('-.-.-.snapshot_complete.-.-.-.7');
    expect(reaches(bindings, 'hi.-.live.odds_change.1.sr:match.1.-')).toBe(true);
    expect(reaches(bindings, 'hi.-.live.odds_change.1.sr:match.1.7')).toBe(true);
    expect(reaches(bindings, '-.-.-.snapshot_complete.-.-.-.7')).toBe(true);
    expect(reaches(bindings, '-.-.-.alive.-.-.-.-')).toBe(true);
    expect(reaches(bindings, 'hi.-.live.odds_change.1.sr:match.1.8')).toBe(false);
    expect(reaches(bindings, '-.-.-.snapshot_complete.-.-.-.8')).toBe(false);
  });

  it('topicMatches follows AMQP: * one word, # zero or more', () => {
    expect(topicMatches('a.*.c', 'a.b.c')).toBe(true);
    expect(topicMatches('a.*.c', 'a.c')).toBe(false);
    expect(topicMatches('a.#', 'a')).toBe(true);
    expect(topicMatches('a.#.d', 'a.b.c.d')).toBe(true);
    expect(topicMatches('#', 'x.y')).toBe(true);
    expect(topicMatches('a.b', 'a.b.c')).toBe(false);
  });
});
