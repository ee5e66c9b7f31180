-- The trading desk (issue 40, docs/decisions/067): a market's state is one truth. A settled market (an outcome with
-- a result or a void factor) is closed (status 0) and offers nothing until a rollback reopens it. Before this, an
-- odds_change after a settlement (the simulator's next tick, a recovery after a restart) set the market active with
-- fresh odds while placement refused it (marketClosed): such markets are closed again here.
update sb_markets m set status = 0
 where m.status <> 0
   and exists (select 1 from sb_outcomes o
                where o.event_id = m.event_id and o.market_id = m.market_id and o.specifiers = m.specifiers
                  and (o.result is not null or o.void_halves is not null));
update sb_outcomes set active = false
 where active and (result is not null or void_halves is not null);
