-- Sportsbook bets earn points when they settle (modules/loyalty/sportsbook-points.ts): every entry of one bet
-- carries the reference 'sportsbook:<bet id>', and a re-settlement reads that bet's entries back. Only those rows
-- are indexed, so the casino's per-bet entries cost nothing more.
create index loyalty_point_entries_sportsbook on loyalty_point_entries (reference)
  where reference like 'sportsbook:%';
