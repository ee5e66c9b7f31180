/** The sportsbook calls the site makes, typed by their contracts (type-only imports). */
import type {
  ZCashout,
  ZGetBets,
  ZGetEvent,
  ZGetEvents,
  ZGetSports,
  ZPlaceBet,
} from '@casino/contracts/calls/sportsbook';
import { callRef } from '../../lib/api/client';

export const SPORTSBOOK_CALLS = {
  sports: callRef<typeof ZGetSports>('sportsbook.getSports', 'GET'),
  events: callRef<typeof ZGetEvents>('sportsbook.getEvents', 'GET'),
  event: callRef<typeof ZGetEvent>('sportsbook.getEvent', 'GET'),
  placeBet: callRef<typeof ZPlaceBet>('sportsbook.placeBet', 'POST'),
  bets: callRef<typeof ZGetBets>('sportsbook.getBets', 'GET'),
  cashout: callRef<typeof ZCashout>('sportsbook.cashout', 'POST'),
};

export const sportsbookKeys = {
  all: ['sportsbook'] as const,
  sports: () => ['sportsbook', 'sports'] as const,
  events: (sport: string, status: string) => ['sportsbook', 'events', sport, status] as const,
  event: (id: string) => ['sportsbook', 'event', id] as const,
  bets: (status: string, id?: number) => ['sportsbook', 'bets', status, id ?? 0] as const,
};
