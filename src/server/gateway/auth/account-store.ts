import type { StaffMember } from '@/contract/people';
import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { Queryable } from '../../db/database';
import { isPermission, type Permission, type TargetAccount } from '../permissions';
import type { SignInMethod } from '../principal';

/*
 * All SQL of the accounts (gateway.accounts): no other module reads or writes the table. The accounts are the
 * people's credentials and state (password hash, second factor, disabled, accepted), checked at every sign-in
 * and on every session, so they are auth's; the people concern (staff/) administers them through auth's entry
 * (auth does not use staff/, so the other way round would be a cycle), and whoever shows a person's name asks
 * `accountNames` for a set of ids at once. Reads that need an account's role or organisation join them here.
 */

// ---- sign-in and the person's own account ----

export interface AccountForSignIn {
  id: number;
  organisationId: number;
  email: string;
  displayName: string;
  passwordHash: string | null;
  totpSealed: Uint8Array | null;
  totpEnabled: boolean;
  disabled: boolean;
}

interface AccountRow {
  id: string;
  organisation_id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  totp_secret_sealed: Uint8Array | null;
  totp_enabled: boolean;
  disabled: boolean;
}

const ACCOUNT_SELECT = `
  select id, organisation_id, email, display_name, password_hash, totp_secret_sealed,
         totp_enabled_at is not null as totp_enabled, disabled_at is not null as disabled
    from gateway.accounts`;

const toAccount = (row: AccountRow | undefined): AccountForSignIn | null =>
  row
    ? {
        id: Number(row.id),
        organisationId: Number(row.organisation_id),
        email: row.email,
        displayName: row.display_name,
        passwordHash: row.password_hash,
        totpSealed: row.totp_secret_sealed,
        totpEnabled: row.totp_enabled,
        disabled: row.disabled,
      }
    : null;

/**
 * The account signing in with this email: the accepted one (there is at most one), else an invitation (which
 * has no way in yet; invitations of several organisations may share an email until one is accepted).
 */
export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountForSignIn | null> {
  const { rows } = await db.query<AccountRow>(
    `${ACCOUNT_SELECT} where lower(email) = lower($1) order by accepted_at nulls last, id limit 1`,
    [email],
  );
  return toAccount(rows[0]);
}

export async function findAccountById(db: Queryable, id: number): Promise<AccountForSignIn | null> {
  return toAccount((await db.query<AccountRow>(`${ACCOUNT_SELECT} where id = $1`, [id])).rows[0]);
}

/** The client name of the account's organisation ('' when there is no such account). */
export async function clientNameOfAccount(db: Queryable, accountId: number): Promise<string> {
  const { rows } = await db.query<{ client_name: string }>(
    'select o.client_name from gateway.accounts a join gateway.organisations o on o.id = a.organisation_id where a.id = $1',
    [accountId],
  );
  return rows[0]?.client_name ?? '';
}

export async function setPasswordHash(db: Queryable, accountId: number, passwordHash: string): Promise<void> {
  await db.query('update gateway.accounts set password_hash = $2, updated_at = now() where id = $1', [
    accountId,
    passwordHash,
  ]);
}

/**
 * Whether the account has a password, its row locked until the transaction ends (what is decided on its ways in
 * holds); null when there is no such account.
 */
export async function lockPasswordSet(tx: Queryable, accountId: number): Promise<boolean | null> {
  const { rows } = await tx.query<{ password_set: boolean }>(
    'select password_hash is not null as password_set from gateway.accounts where id = $1 for update',
    [accountId],
  );
  return rows[0]?.password_set ?? null;
}

/** A new TOTP secret, not yet confirmed: the codes seen so far are forgotten. */
export async function setTotpSecret(db: Queryable, accountId: number, sealed: Uint8Array): Promise<void> {
  await db.query('update gateway.accounts set totp_secret_sealed = $2, totp_last_step = null where id = $1', [
    accountId,
    sealed,
  ]);
}

/** TOTP confirmed with the code of `step`: on from now, and that code used. */
export async function enableTotp(db: Queryable, accountId: number, step: number): Promise<void> {
  await db.query(
    'update gateway.accounts set totp_enabled_at = now(), totp_last_step = $2, updated_at = now() where id = $1',
    [accountId, step],
  );
}

export async function disableTotp(db: Queryable, accountId: number): Promise<void> {
  await db.query(
    'update gateway.accounts set totp_enabled_at = null, totp_secret_sealed = null, totp_last_step = null, updated_at = now() where id = $1',
    [accountId],
  );
}

/**
 * Records the TOTP code of `step` as used; false when it or a later one was used already: a code works once.
 * One conditional update, so of two requests with the same code exactly one gets it.
 */
export async function useTotpStep(db: Queryable, accountId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.accounts set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2)`,
    [accountId, step],
  );
  return rowCount > 0;
}

// ---- creation and acceptance ----

export async function countAccounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from gateway.accounts');
  return rows[0]?.n ?? 0;
}

export async function createAccount(
  db: Queryable,
  account: { organisationId: number; email: string; displayName: string; roleId: number; passwordHash?: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash, accepted_at)
     values ($1, $2, $3, $4, $5, case when $5::text is null then null else now() end) returning id`,
    [
      account.organisationId,
      account.email.trim(),
      account.displayName.trim(),
      account.roleId,
      account.passwordHash ?? null,
    ],
  );
  return Number(rows[0]?.id);
}

/** The invitation's email belongs to a person of another organisation: it cannot be accepted. */
class EmailTakenElsewhere extends Error {
  constructor() {
    super('This email address has a Foyer account in another organisation already');
  }
}

/** What the invitee reads: one email signs in to one organisation. */
export const EMAIL_TAKEN_ELSEWHERE_MESSAGE =
  'This email address already has a Foyer account, in another organisation. One address signs in to one organisation: ask whoever invited you to invite another address.';

/**
 * Marks an account accepted: its person now has a way in (a password or a passkey from the invitation link).
 * Throws EmailTakenElsewhere when a person of another organisation has the email; call inside the transaction
 * that sets the way in, so neither happens then.
 */
export async function acceptAccount(db: Queryable, accountId: number): Promise<void> {
  const { rows } = await db.query(
    `update gateway.accounts a set accepted_at = coalesce(a.accepted_at, now())
      where a.id = $1 and not exists (select 1 from gateway.accounts other
        where lower(other.email) = lower(a.email) and other.id <> a.id and other.accepted_at is not null)
      returning a.id`,
    [accountId],
  );
  if (rows.length === 0) throw new EmailTakenElsewhere();
}

/** Whether `error` says the email is taken elsewhere: found so, or two acceptances raced (the unique index). */
export function isEmailTakenElsewhere(error: unknown): boolean {
  if (error instanceof EmailTakenElsewhere) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    code === PG_UNIQUE_VIOLATION &&
    (constraint === 'accounts_email' || (typeof message === 'string' && message.includes('"accounts_email"')))
  );
}

// ---- the account with its role ----

/** An account's role and its permissions, and whether it is disabled; null when there is no such account. */
export async function findAccountRole(
  db: Queryable,
  accountId: number,
): Promise<{ roleId: number; permissions: Permission[]; disabled: boolean } | null> {
  const { rows } = await db.query<{ role_id: string; permissions: string[]; disabled: boolean }>(
    `select a.role_id, r.permissions, a.disabled_at is not null as disabled
       from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row
    ? { roleId: Number(row.role_id), permissions: row.permissions.filter(isPermission), disabled: row.disabled }
    : null;
}

/** Who a refused sign-in names in the audit trail: the account's organisation, email and role key. */
export async function signInActorOf(
  db: Queryable,
  accountId: number,
): Promise<{ accountId: number; organisationId: number; email: string; roleKey: string } | null> {
  const { rows } = await db.query<{ organisation_id: string; email: string; role_key: string }>(
    `select a.organisation_id, a.email, r.key as role_key
       from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row
    ? { accountId, organisationId: Number(row.organisation_id), email: row.email, roleKey: row.role_key }
    : null;
}

/** How many enabled people hold each of the roles (0 for a role nobody holds). */
export async function roleMembers(db: Queryable, roleIds: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ role_id: string; n: number }>(
    `select role_id, count(*)::int as n from gateway.accounts
      where role_id = any($1::bigint[]) and disabled_at is null group by role_id`,
    [roleIds],
  );
  const members = new Map(roleIds.map((id) => [id, 0]));
  for (const row of rows) members.set(Number(row.role_id), row.n);
  return members;
}

/** Whether any account (enabled or not, invitation accepted or not) has the role. */
export async function roleInUse(db: Queryable, roleId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from gateway.accounts where role_id = $1 limit 1', [roleId]);
  return rows.length > 0;
}

// ---- names, for whoever shows a person ----

/** A person as other concerns show them. */
export interface AccountName {
  name: string;
  email: string;
}

/**
 * The names of the accounts `ids` (unknown ids are left out), in one query, in order of name: whoever lists
 * people asks for all of them at once, never one by one.
 */
export async function accountNames(db: Queryable, ids: readonly number[]): Promise<Map<number, AccountName>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; display_name: string; email: string }>(
    'select id, display_name, email from gateway.accounts where id = any($1::bigint[]) order by display_name',
    [wanted],
  );
  return new Map(rows.map((row) => [Number(row.id), { name: row.display_name, email: row.email }]));
}

// ---- the person behind a session ----

/** A session with its person, role and organisation (SessionStore decides whether it is still valid). */
export interface SessionPersonRow {
  account_id: string;
  email: string;
  display_name: string;
  organisation_id: string;
  client_name: string;
  role_id: string;
  role_key: string;
  role_name: string;
  require_totp: boolean;
  permissions: string[];
  /** The role's scope (role_scopes, migration 030); null when it has none. */
  scope_production_ids: string[] | null;
  scope_event_ids: string[] | null;
  totp_enabled: boolean;
  method: SignInMethod;
  /** Not ended, and the account not disabled. */
  live: boolean;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  idle_minutes: number;
  api_key_sealed: Uint8Array;
  /** The role's address rules (gateway.role_networks, address-rules/), read along so a request costs no query. */
  networks: string[];
}

/**
 * The session of `idHash` with its person, role and organisation, in one indexed query: this is read for a
 * request whose session this instance does not keep, so it stays one round trip (it reads the sessions row
 * here, with its account, rather than the account in a second query).
 */
export async function findSessionPerson(
  db: Queryable,
  idHash: Buffer,
  defaultIdleMinutes: number,
): Promise<SessionPersonRow | undefined> {
  const { rows } = await db.query<SessionPersonRow>(
    `select s.account_id, a.email, a.display_name, a.organisation_id, o.client_name,
            r.id as role_id, r.key as role_key, r.name as role_name, r.require_totp, r.permissions,
            rs.production_ids as scope_production_ids, rs.event_ids as scope_event_ids,
            a.totp_enabled_at is not null as totp_enabled, s.method,
            s.ended_at is null and a.disabled_at is null as live,
            s.last_seen_at, s.idle_expires_at, s.absolute_expires_at,
            coalesce(r.idle_minutes, $2) as idle_minutes, o.api_key_sealed,
            array(select n.network::text from gateway.role_networks n where n.role_id = r.id order by n.network) as networks
       from gateway.sessions s
       join gateway.accounts a on a.id = s.account_id
       join gateway.roles r on r.id = a.role_id
       left join gateway.role_scopes rs on rs.role_id = r.id
       join gateway.organisations o on o.id = a.organisation_id
      where s.id_hash = $1`,
    [idHash, defaultIdleMinutes],
  );
  return rows[0];
}

/** The session limits of the account's role, in minutes (null: the role sets none); null when no such account. */
export async function sessionLimitsOf(
  db: Queryable,
  accountId: number,
): Promise<{ idleMinutes: number | null; absoluteMinutes: number | null } | null> {
  const { rows } = await db.query<{ idle_minutes: number | null; absolute_minutes: number | null }>(
    `select r.idle_minutes, r.absolute_minutes from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row ? { idleMinutes: row.idle_minutes, absoluteMinutes: row.absolute_minutes } : null;
}

// ---- the organisation's people (staff/) ----

export interface StaffAccount extends TargetAccount {
  disabled: boolean;
  passwordSet: boolean;
}

/**
 * An account of the organisation with its role's permissions; null when the organisation has no such account.
 * `lock`: the account and its role stay as read until the transaction ends (what is decided on them holds).
 */
export async function findStaffAccount(
  db: Queryable,
  organisationId: number,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<StaffAccount | null> {
  const { rows } = await db.query<{
    role_id: string;
    permissions: string[];
    disabled: boolean;
    password_set: boolean;
  }>(
    `select a.role_id, r.permissions, a.disabled_at is not null as disabled, a.password_hash is not null as password_set
       from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.id = $1 and a.organisation_id = $2${options.lock ? ' for update of a for share of r' : ''}`,
    [accountId, organisationId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    accountId,
    roleId: Number(row.role_id),
    permissions: row.permissions.filter(isPermission),
    disabled: row.disabled,
    passwordSet: row.password_set,
  };
}

/**
 * How many people of the organisation can still manage staff without the given account or role: only accounts
 * that can sign in count (enabled, and invitation accepted), since an invitation never accepted manages nothing.
 */
export async function staffManagersLeft(
  db: Queryable,
  organisationId: number,
  without: { accountId?: number; roleId?: number },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.organisation_id = $1 and a.id is distinct from $2 and r.id is distinct from $3
        and a.disabled_at is null and a.accepted_at is not null and 'staff:manage' = any(r.permissions)`,
    [organisationId, without.accountId ?? null, without.roleId ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the organisation has an account (or invitation) with this email, in any case. */
export async function emailInOrganisation(db: Queryable, organisationId: number, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.accounts where organisation_id = $1 and lower(email) = lower($2)',
    [organisationId, email],
  );
  return rows.length > 0;
}

interface StaffRow {
  id: string;
  email: string;
  display_name: string;
  role_id: string;
  role_key: string;
  role_name: string;
  disabled: boolean;
  password_set: boolean;
  passkeys: number;
  totp_enabled: boolean;
  last_seen_at: Date | null;
  pending_link_expires_at: Date | null;
  created_at: Date;
}

const isoOrNull = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** The organisation's people, the enabled ones first, by name; with how each signs in and any link pending. */
export async function listStaff(db: Queryable, organisationId: number): Promise<StaffMember[]> {
  const { rows } = await db.query<StaffRow>(
    `select a.id, a.email, a.display_name, a.role_id, r.key as role_key, r.name as role_name, a.disabled_at is not null as disabled,
            a.password_hash is not null as password_set,
            (select count(*)::int from gateway.passkeys p where p.account_id = a.id) as passkeys,
            a.totp_enabled_at is not null as totp_enabled,
            (select max(s.last_seen_at) from gateway.sessions s where s.account_id = a.id) as last_seen_at,
            (select max(t.expires_at) from gateway.one_time_tokens t
              where t.account_id = a.id and t.kind in ('invite', 'reset') and t.used_at is null and t.expires_at > now())
              as pending_link_expires_at,
            a.created_at
       from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.organisation_id = $1
      order by a.disabled_at is not null, lower(a.display_name)`,
    [organisationId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    name: row.display_name,
    role: { id: Number(row.role_id), key: row.role_key, name: row.role_name },
    disabled: row.disabled,
    passwordSet: row.password_set,
    passkeys: row.passkeys,
    totpEnabled: row.totp_enabled,
    lastSeenAt: isoOrNull(row.last_seen_at),
    pendingLinkExpiresAt: isoOrNull(row.pending_link_expires_at),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** An account as the audit trail names its changes: email, name, role key and whether it is disabled. */
export interface AuditedAccount {
  email: string;
  name: string;
  roleKey: string;
  disabled: boolean;
}

/** The account as the trail sees it; `lock`: kept as read until the transaction ends. */
export async function auditedAccount(
  db: Queryable,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<AuditedAccount | null> {
  const { rows } = await db.query<{ email: string; display_name: string; role_key: string; disabled: boolean }>(
    `select a.email, a.display_name, r.key as role_key, a.disabled_at is not null as disabled
       from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1${options.lock ? ' for update of a' : ''}`,
    [accountId],
  );
  const row = rows[0];
  return row ? { email: row.email, name: row.display_name, roleKey: row.role_key, disabled: row.disabled } : null;
}

/** Changes what is given of an account (role, name, disabled); what is not given stays. Disabling keeps the first date. */
export async function updateAccount(
  db: Queryable,
  accountId: number,
  change: { roleId?: number; name?: string; disabled?: boolean },
): Promise<void> {
  await db.query(
    `update gateway.accounts set
       role_id = coalesce($2, role_id),
       display_name = coalesce($3, display_name),
       disabled_at = case when $4::boolean is null then disabled_at when $4 then coalesce(disabled_at, now()) else null end,
       updated_at = now()
     where id = $1`,
    [accountId, change.roleId ?? null, change.name ?? null, change.disabled ?? null],
  );
}
