-- Issue 40 (docs/decisions/068-segment-targeting.md): deposit offers, popups and bonus templates may be targeted at
-- one CRM saved segment (null: everyone, as before). No foreign key: the segments are the crm module's, which sits
-- above campaigns and bonuses; an id whose segment is gone matches nobody (the crm refuses to delete one in use).
alter table campaign_offers add column segment_id bigint;
alter table campaign_popups add column segment_id bigint;
alter table bonus_templates add column segment_id bigint;
