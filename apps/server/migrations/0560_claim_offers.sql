-- Offers taken without a deposit (campaigns.takepromotions offer_id): action 'claim', whose reward is a bonus from a
-- template or a freespins pack (`reward`), taken once per player. Deposit offers keep `promotions`.
alter table campaign_offers drop constraint campaign_offers_action_check;
alter table campaign_offers
  add constraint campaign_offers_action_check check (action in ('deposit', 'claim')),
  -- A claim offer's reward: { "type": "freespins", "sysname", "count", "bet" (cents) }
  -- or { "type": "bonus", "template", "amount" (cents) }.
  add column reward jsonb,
  add constraint campaign_offers_claim_reward check (action <> 'claim' or reward is not null);

create table offer_claims (
  offer_id bigint not null references campaign_offers(id),
  player_id bigint not null references players(id),
  bonus_id bigint references player_bonuses(id),
  freespins_pack_id bigint,
  claimed_at timestamptz not null,
  primary key (offer_id, player_id)
);

-- A bonus an offer of this kind granted.
alter table player_bonuses drop constraint player_bonuses_source_check;
alter table player_bonuses add constraint player_bonuses_source_check
  check (source in ('deposit_offer', 'offer', 'promo_code', 'cashback', 'freespins', 'loyalty', 'tournament', 'operator'));
