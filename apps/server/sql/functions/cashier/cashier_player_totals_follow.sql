-- cashier_player_totals follows cashier_transactions (migration 1501): a payment counts while its status is
-- 'success'. A row that becomes paid adds its amount; one that stops being paid (a refund) takes it away, and the
-- last paid deposit is read again from the payments. Rows that neither were nor are paid change nothing.
create or replace function cashier_player_totals_follow() returns trigger language plpgsql as $$
declare
  was_paid boolean := tg_op = 'UPDATE' and old.status = 'success';
  is_paid boolean := new.status = 'success';
begin
  if not was_paid and not is_paid then
    return null;
  end if;
  if was_paid and is_paid and old.amount = new.amount and old.type = new.type and old.player_id = new.player_id then
    return null;
  end if;
  if was_paid then
    update cashier_player_totals
       set deposits = deposits - case when old.type = 'deposit' then old.amount else 0 end,
           withdrawals = withdrawals - case when old.type = 'withdrawal' then old.amount else 0 end,
           last_deposit_at = (select max(c.created_at) from cashier_transactions c
                               where c.player_id = old.player_id and c.type = 'deposit' and c.status = 'success'
                                 and c.id <> old.id)
     where player_id = old.player_id;
  end if;
  if is_paid then
    insert into cashier_player_totals as t (player_id, deposits, withdrawals, last_deposit_at)
    values (new.player_id,
            case when new.type = 'deposit' then new.amount else 0 end,
            case when new.type = 'withdrawal' then new.amount else 0 end,
            case when new.type = 'deposit' then new.created_at end)
    on conflict (player_id) do update
       set deposits = t.deposits + excluded.deposits,
           withdrawals = t.withdrawals + excluded.withdrawals,
           last_deposit_at = greatest(t.last_deposit_at, excluded.last_deposit_at);
  end if;
  return null;
end $$;

create or replace trigger cashier_transactions_player_totals
  after insert or update of status, amount, type, player_id on cashier_transactions
  for each row execute function cashier_player_totals_follow();
