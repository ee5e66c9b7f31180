-- Raises a wallet error: WA000 with the error's code as the message (detail: p_detail, else the code).
create or replace function wallet_raise(p_code text, p_detail text default null) returns void language plpgsql as $$
begin
  raise exception using errcode = 'WA000', message = p_code, detail = coalesce(p_detail, p_code);
end $$;
