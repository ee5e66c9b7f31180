alter table game_rounds set (fillfactor = 70);
