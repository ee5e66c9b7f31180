-- A level an operator retires leaves the ladder but keeps its row: claims and past notices refer to it.
alter table loyalty_levels add column is_active boolean not null default true;
