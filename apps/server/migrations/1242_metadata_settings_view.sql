-- The metadata module's read for other modules (issue 37, ADR 057): a site setting's value by its key (the wallet
-- and the bonuses read general-info's is_bonus_isolation_enabled). A plain view over one table.
create view metadata_settings_v as
  select key, value
    from site_settings;
