-- Ends a bonus and starts the next one in its line (bonus_end with p_advance): completed converts its money
-- (capped, the excess to the house); forfeited, expired and cancelled give it back to the house. Answers the cents
-- that became real money.
create or replace function bonus_finish(p_bonus_id bigint, p_status text, p_reason text, p_now timestamptz)
returns bigint language plpgsql as $$
begin
  return bonus_end(p_bonus_id, p_status, p_reason, p_now, true);
end $$;
