-- A player account (main, bonus, betting_bonus, fun) has a player, a house account none: the check constraint
-- ledger_accounts_player_kind, raised as the constraint raises it, but run only when player_id or kind is written.
create or replace function ledger_accounts_player_kind() returns trigger language plpgsql as $$
begin
  if (new.player_id is null) = (new.kind in ('main', 'bonus', 'betting_bonus', 'fun')) then
    raise exception using errcode = 'check_violation', constraint = 'ledger_accounts_player_kind',
      message = 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_player_kind"';
  end if;
  return new;
end $$;

create or replace trigger ledger_accounts_player_kind before insert or update of player_id, kind on ledger_accounts
  for each row execute function ledger_accounts_player_kind();
