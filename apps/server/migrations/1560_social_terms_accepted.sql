-- Issue 41: a social sign-in that makes an account needs the operator's terms accepted (while they are active),
-- as every other sign-up does. The site says so when it starts the sign-in (`terms=1` on /oauth/init); the
-- request remembers it for the callback, which is where the account is made.
alter table social_auth_requests add column terms_accepted boolean not null default false;
