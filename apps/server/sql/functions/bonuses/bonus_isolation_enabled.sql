-- general-info's is_bonus_isolation_enabled (metadata's site settings, seeded from content/general-info.json).
create or replace function bonus_isolation_enabled() returns boolean language plpgsql stable as $$
declare
  v boolean;
begin
  select (s.value ->> 'is_bonus_isolation_enabled')::boolean into v from metadata_settings_v s where s.key = 'general-info';
  return coalesce(v, false);
end $$;
