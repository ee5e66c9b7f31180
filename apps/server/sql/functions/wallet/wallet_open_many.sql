-- The openings of a batch's bets in one call (docs/decisions/044): for each, what wallet_open answers, as a JSON
-- array in the calls' order. It locks the players through ledger_lock_players (each one's main account, in player
-- order), which makes a first bet's missing accounts. Whatever wallet_open would raise (no session, a
-- transaction id reused with other content), and a batch with two bets of one player, raise WA900: the batch rolls
-- back and each bet opens alone.
create or replace function wallet_open_many(
  p_kinds text[], p_tokens text[], p_transaction_ids text[], p_round_ids text[], p_amounts bigint[],
  p_references text[]
) returns jsonb language plpgsql
-- As wallet_round_many (1062): one generic plan, every join a lookup by key.
set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_players bigint[];
  v_result jsonb;
begin
  select array_agg(w.player_id order by w.player_id) into v_players
    from unnest(p_tokens) as t(token) join wallet_sessions w on w.token = t.token;
  if coalesce(cardinality(v_players), 0) <> cardinality(p_tokens)
     or (select count(distinct p) from unnest(v_players) as p) <> cardinality(p_tokens) then
    raise exception using errcode = 'WA900', message = 'a bet of the batch opens alone';
  end if;
  -- The ledger's lock (its main account's row, in player id order), making a first bet's missing accounts.
  perform ledger_lock_players(v_players);
  with u as (
    select u.* from unnest(p_kinds, p_tokens, p_transaction_ids, p_round_ids, p_amounts, p_references)
      with ordinality as u(kind, token, transaction_id, round_id, amount, reference, n)
  ), s as (
    select u.*, w.player_id, w.provider, w.game, w.mode, w.expires_at, p.currency, p.status
      from u join wallet_sessions w on w.token = u.token join players_summary_v p on p.id = w.player_id
  ), e as (
    -- A lateral lookup: as a join, the plan matched the index on the provider alone and filtered the ids.
    select s.*, t.fingerprint as seen_fingerprint, t.response as seen_response
      from s left join lateral (
        select x.fingerprint, x.response from wallet_transactions x
         where x.provider = s.provider and x.transaction_id = s.transaction_id limit 1) t on true
  )
  select case when bool_or(e.seen_fingerprint is not null and e.seen_fingerprint
                           <> wallet_fingerprint(e.kind, e.player_id, e.round_id, e.amount, e.reference))
              then null
              else jsonb_agg(jsonb_build_object(
                     'player_id', e.player_id, 'provider', e.provider, 'game', e.game, 'mode', e.mode,
                     'expires_at', e.expires_at, 'currency', e.currency, 'status', e.status,
                     'response', e.seen_response) order by e.n) end
    into v_result from e;
  if v_result is null then
    raise exception using errcode = 'WA900', message = 'a bet of the batch opens alone';
  end if;
  return v_result;
end $$;
