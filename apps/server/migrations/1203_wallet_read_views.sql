-- The wallet's reads for other modules (issue 37): a round's stakes, which a tournament's multiplier divides by.
create view wallet_round_stakes_v as
  select provider, round_id, bet_total
    from game_rounds;

-- What the ledger's audit checks of the wallet's records: each points at a posted transaction and a player.
create view wallet_transaction_links_v as
  select id, player_id, ledger_transaction_id
    from wallet_transactions;
