-- A ledger transaction can carry lines of another kind beside its own entries (issue 37; docs/decisions/070): a
-- bet's jackpot contribution is posted in the bet's own transaction, as entries whose `kind` is
-- 'jackpot.contribution' (house:games to the pools), appended by ledger_append_many. `kind` null: the entry is the
-- transaction's own (its kind is the transaction's). An account still appears once per transaction and line kind:
-- the bet's house:games entry and its contribution's house:games line are two rows. The index keeps serving the
-- lookups of a transaction's entries by its id.
alter table ledger_entries add column kind text;
alter table ledger_entries drop constraint ledger_entries_transaction_id_account_id_key;
create unique index ledger_entries_transaction_account_kind
  on ledger_entries (transaction_id, account_id, coalesce(kind, ''));
