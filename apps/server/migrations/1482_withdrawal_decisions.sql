-- Who settled a withdrawal and why (issue 40, docs/decisions/064-backoffice-controls.md): the queue's paid and
-- declined tabs say who paid or declined it and the decline's reason (a player's own cancel leaves both empty).
-- Rows settled before this migration keep them empty; the audit log holds their decisions.
alter table cashier_transactions add column decided_by text;
alter table cashier_transactions add column decision_reason text;
-- The queue's tabs, newest settled first, filtered by method, amount and dates.
create index if not exists cashier_withdrawals_queue on cashier_transactions (status, updated_at desc)
  where type = 'withdrawal';
