-- An account is accepted once its person has a way in: a password or a passkey, set from the invitation link
-- (or given at creation: the setup, the demo). Until then it is an invitation, which signs in nowhere.
--
-- One email, one person who signs in: unique among accepted accounts (sign-in asks only for the email), and
-- within an organisation. An invitation to an email that has an account in another organisation is made like
-- any other, so the inviter learns nothing about other organisations; its acceptance is refused to the
-- invitee (auth/link-routes.ts), and this index refuses it too when two acceptances race.
alter table gateway.accounts add column accepted_at timestamptz;

update gateway.accounts a set accepted_at = a.created_at
 where a.password_hash is not null or exists (select 1 from gateway.passkeys p where p.account_id = a.id);

drop index gateway.accounts_email;
create unique index accounts_email on gateway.accounts (lower(email)) where accepted_at is not null;
create unique index accounts_organisation_email on gateway.accounts (organisation_id, lower(email));
