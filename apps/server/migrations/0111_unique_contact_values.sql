-- An e-mail or phone belongs to one player at most (account.addcontact answers alreadyExists): the check in
-- code can race, this index cannot.
create unique index player_contacts_type_value_key on player_contacts (type, lower(value));
