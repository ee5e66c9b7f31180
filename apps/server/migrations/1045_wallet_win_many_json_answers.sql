-- wallet_win_many answers its rows as json, not jsonb (ADR 036): the answers are built once, sent once and parsed
-- by the caller, and jsonb_build_object (key sorting, a binary document per row, then its text again on output) was
-- a tenth of PostgreSQL's time in a settlement. The answers' content is unchanged; wallet_call's rows are cast.
-- The wallet records' stored response stays jsonb. The functions are otherwise those of 1020 and 1042.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_win_many, wallet_win_run.
