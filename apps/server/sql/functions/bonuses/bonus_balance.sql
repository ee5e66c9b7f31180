-- The balance of a player account (0 before its first use).
create or replace function bonus_balance(p_code text) returns bigint language plpgsql stable as $$
declare
  v bigint;
begin
  select a.balance into v from ledger_player_balances_v a where a.code = p_code;
  return coalesce(v, 0);
end $$;
