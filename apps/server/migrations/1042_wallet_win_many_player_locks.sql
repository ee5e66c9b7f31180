-- wallet_win_many no longer locks the rounds it pays (ADR 036). Every write to a round is under the lock of the
-- round's player: wallet_apply changes only a round of the session's player, under wallet_open's lock of that player,
-- and wallet_win_run only the rounds of plain rows, whose player is the session's, locked here first. A round's
-- player never changes, so a row judged plain stays plain under the players' locks alone; a row that is not plain
-- goes through wallet_call, which locks its round as before. The round lock cost a locked index probe and a heap
-- write per win.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_win_many.

drop function if exists wallet_round_ids(text[], text[]);
