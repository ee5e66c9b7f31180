-- The idempotency fingerprint: SHA-256 of the JSON text `["kind",[["code","amount"],…]]` with the entries in
-- code order ("C" collation), byte for byte what post-transaction.ts computed before this function existed. The
-- codes are put in order by an insertion sort of simple expressions, which PL/pgSQL evaluates without a query.
create or replace function ledger_fingerprint(p_kind text, p_codes text[], p_amounts bigint[]) returns text
language plpgsql immutable as $$
declare
  v_count int := coalesce(cardinality(p_codes), 0);
  v_order int[] := '{}';
  v_i int;
  v_j int;
  v_pairs text := '';
begin
  for v_i in 1 .. v_count loop
    v_j := v_i - 1;
    v_order := v_order || v_i;
    while v_j >= 1 and (p_codes[v_order[v_j]] collate "C") > (p_codes[v_i] collate "C") loop
      v_order[v_j + 1] := v_order[v_j];
      v_j := v_j - 1;
    end loop;
    v_order[v_j + 1] := v_i;
  end loop;
  for v_i in 1 .. v_count loop
    v_pairs := v_pairs || case when v_i > 1 then ',' else '' end || '[' || to_json(p_codes[v_order[v_i]])::text
      || ',"' || p_amounts[v_order[v_i]]::text || '"]';
  end loop;
  return encode(sha256(convert_to('[' || to_json(p_kind)::text || ',[' || v_pairs || ']]', 'UTF8')), 'hex');
end $$;
