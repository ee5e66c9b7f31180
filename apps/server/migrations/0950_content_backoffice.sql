-- The back-office's content screens (issue 17, ADR 028). A content page can be hidden (the site answers 404 for
-- it, the back-office still lists it). The support FAQ moves from the messages files into the database (modules/
-- support): one list per locale, seeded from support.faq.items of content/locales/<locale>/support.json while no
-- operator has edited it (edited_at null, like the other seeded content), then the database is the truth.
alter table content_pages add column hidden boolean not null default false;

create table faq_lists (
  locale text primary key,
  source_hash text not null,
  edited_at timestamptz,
  updated_at timestamptz not null default now()
);

create table faq_items (
  locale text not null references faq_lists(locale) on delete cascade,
  id text not null,
  position integer not null,
  question text not null,
  answer text not null,
  primary key (locale, id)
);
create index faq_items_order on faq_items (locale, position);
