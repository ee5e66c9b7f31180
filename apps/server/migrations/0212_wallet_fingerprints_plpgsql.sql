-- The two fingerprints of 0201/0211 as PL/pgSQL, same text byte for byte. As SQL functions they were not inlined
-- (ledger_fingerprint has a sub-select; both are called with PL/pgSQL variables), so PostgreSQL parsed and
-- planned their bodies again on every call: ~15 % of the database time of a wallet bet and win. PL/pgSQL keeps
-- the plan for the life of the connection.

create or replace function ledger_fingerprint(p_kind text, p_codes text[], p_amounts bigint[]) returns text
language plpgsql immutable as $$
begin
  return encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',[' ||
    coalesce((select string_agg('[' || to_json(i.c)::text || ',"' || i.a::text || '"]', ',' order by i.c collate "C")
              from unnest(p_codes, p_amounts) as i(c, a)), '') || ']]', 'UTF8')), 'hex');
end $$;

create or replace function wallet_fingerprint(
  p_kind text, p_player_id bigint, p_round_id text, p_amount bigint, p_reference text
) returns text language plpgsql immutable as $$
begin
  return encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',' || p_player_id::text || ',' || to_json(p_round_id)::text || ',' ||
    to_json(p_amount::text)::text || ',' || coalesce(to_json(p_reference)::text, 'null') || ']', 'UTF8')), 'hex');
end $$;
