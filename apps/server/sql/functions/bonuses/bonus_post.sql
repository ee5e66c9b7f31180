-- Posts one movement of a bonus's money, leaving out zero entries (nothing when fewer than two remain).
create or replace function bonus_post(
  p_key text, p_kind text, p_bonus_id bigint, p_at timestamptz, p_codes text[], p_amounts bigint[]
) returns void language plpgsql as $$
declare
  v_codes text[] := '{}';
  v_amounts bigint[] := '{}';
begin
  for i in 1 .. cardinality(p_codes) loop
    if p_amounts[i] <> 0 then
      v_codes := v_codes || p_codes[i];
      v_amounts := v_amounts || p_amounts[i];
    end if;
  end loop;
  if cardinality(v_codes) < 2 then
    return;
  end if;
  perform 1 from ledger_post(p_key, p_kind, 'bonus:' || p_bonus_id, jsonb_build_object('bonus_id', p_bonus_id),
    p_at, v_codes, v_amounts);
end $$;
