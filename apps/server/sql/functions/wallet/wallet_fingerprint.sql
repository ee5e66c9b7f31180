-- The request's fingerprint: SHA-256 of `["kind",playerId,"round","amount",reference|null]`, as wallet-service.ts
-- computed it before (a stable SQL expression: inlined where it is called).
create or replace function wallet_fingerprint(
  p_kind text, p_player_id bigint, p_round_id text, p_amount bigint, p_reference text
) returns text language sql stable as $$
  select encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',' || p_player_id::text || ',' || to_json(p_round_id)::text || ',' ||
    to_json(p_amount::text)::text || ',' || coalesce(to_json(p_reference)::text, 'null') || ']', 'UTF8')), 'hex')
$$;
