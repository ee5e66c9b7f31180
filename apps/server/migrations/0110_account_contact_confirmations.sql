-- Contact confirmation codes (modules/account): one pending code per player and contact type, stored hashed.
create table contact_confirmations (
  player_id bigint not null references players(id) on delete cascade,
  type text not null check (type in ('email', 'phone')),
  -- the contact value the code was sent to: a code never confirms a value it was not sent to
  contact_value text not null,
  code_hash text,
  attempts integer not null default 0,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (player_id, type)
);
