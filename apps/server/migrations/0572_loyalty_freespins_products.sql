-- A shop product may grant a freespins pack: reward {amount: spins, game: slot sysname, stake: cents per spin}.
alter table loyalty_products drop constraint if exists loyalty_products_type_check;
alter table loyalty_products add constraint loyalty_products_type_check
  check (type in ('bonus', 'cash', 'item', 'freespins'));
