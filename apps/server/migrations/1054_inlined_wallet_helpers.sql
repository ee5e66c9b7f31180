-- The wallet's small helper functions, inlined (issues 11, 14 and 15; docs/decisions/041).
--
-- PostgreSQL inlines a one-expression SQL function into the statement that calls it only when the function is
-- no less volatile than its body. wallet_round_response and wallet_round_result (1050) were declared immutable
-- around jsonb_build_object, which is stable, so they were never inlined. A SQL function that is not inlined is
-- planned again the first time each call site runs in a transaction. wallet_round calls them four times a
-- round, and each call cost about 75 µs (a probe: one backend, a transaction per call, 85 µs against 12 µs
-- inlined). bench:games' function profile gave them 195 µs of a round.
--
-- - wallet_round_response and wallet_round_result are stable: they are inlined. Their answers are unchanged.
-- - wallet_fingerprint is a stable SQL function again, inlined (0212 made it PL/pgSQL because, immutable, it was
--   not inlined either). Same text, byte for byte.
-- - bonus_account is an immutable SQL expression (the player id cast to text explicitly: `text || bigint` is only
--   stable), inlined.
-- A function that reads a table cannot be inlined; those are PL/pgSQL, whose plans the backend keeps (0212, 1031).

alter function wallet_round_response(text, jsonb, text, text) stable;
alter function wallet_round_result(jsonb, boolean, bigint, text, text, text, text, bigint, text, jsonb) stable;

create or replace function wallet_fingerprint(
  p_kind text, p_player_id bigint, p_round_id text, p_amount bigint, p_reference text
) returns text language sql stable as $$
  select encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',' || p_player_id::text || ',' || to_json(p_round_id)::text || ',' ||
    to_json(p_amount::text)::text || ',' || coalesce(to_json(p_reference)::text, 'null') || ']', 'UTF8')), 'hex')
$$;

create or replace function bonus_account(p_player_id bigint, p_type text) returns text
language sql immutable as $$
  select 'player:' || p_player_id::text || ':' || case when p_type = 'betting' then 'betting_bonus' else 'bonus' end
$$;
