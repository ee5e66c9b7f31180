-- Freespins packs (games module, 0310) get what issue 12 asks of them: how many spins the pack had (freespins.get
-- shows remaining of count) and an expiry (a pack not played by then is gone). Packs are granted by promo codes,
-- offers, loyalty or an operator (games/play/freespins.ts grantFreespinsPack); their winnings become a bonus with
-- wagering (template freespins_winnings, modules/bonuses).
alter table game_freespins_packs
  add column initial_count integer,
  add column expires_at timestamptz,
  -- A promo code or offer grants a pack once per its key (null: no such key, e.g. an operator's test grant).
  add column grant_key text;
update game_freespins_packs set initial_count = remaining_count where initial_count is null;
alter table game_freespins_packs alter column initial_count set not null;
create unique index game_freespins_packs_grant_key on game_freespins_packs (grant_key) where grant_key is not null;
