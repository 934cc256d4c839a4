import type { GroupRole } from '@/contract/sso';
import type { Queryable } from '../../db/database';

/*
 * All SQL of single sign-on: the organisations' providers (gateway.sso_configs, sso_group_roles), sign-ins under
 * way (sso_flows) and the people a provider brought (sso_people). The client secret is read and written only
 * sealed; it is opened by the service, for the token request alone.
 */

export interface StoredSsoConfig {
  organisationId: number;
  clientName: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: Uint8Array;
  emailClaim: string;
  groupClaim: string;
  groupRoles: GroupRole[];
  enabled: boolean;
  required: boolean;
  updatedAt: Date;
}

interface ConfigRow {
  organisation_id: string;
  client_name: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: Uint8Array;
  email_claim: string;
  group_claim: string;
  group_roles: { group: string; roleId: number }[];
  enabled: boolean;
  required: boolean;
  updated_at: Date;
}

const CONFIG_SELECT = `
  select c.organisation_id, o.client_name, c.display_name, c.issuer, c.client_id, c.client_secret_sealed,
         c.email_claim, c.group_claim, c.enabled, c.required, c.updated_at,
         coalesce((select json_agg(json_build_object('group', g.group_name, 'roleId', g.role_id) order by g.position)
                     from gateway.sso_group_roles g where g.organisation_id = c.organisation_id), '[]') as group_roles
    from gateway.sso_configs c join gateway.organisations o on o.id = c.organisation_id`;

const toConfig = (row: ConfigRow): StoredSsoConfig => ({
  organisationId: Number(row.organisation_id),
  clientName: row.client_name,
  displayName: row.display_name,
  issuer: row.issuer,
  clientId: row.client_id,
  clientSecretSealed: row.client_secret_sealed,
  emailClaim: row.email_claim,
  groupClaim: row.group_claim,
  groupRoles: row.group_roles.map((line) => ({ group: line.group, roleId: Number(line.roleId) })),
  enabled: row.enabled,
  required: row.required,
  updatedAt: new Date(row.updated_at),
});

export async function findSsoConfig(db: Queryable, organisationId: number): Promise<StoredSsoConfig | null> {
  const { rows } = await db.query<ConfigRow>(`${CONFIG_SELECT} where c.organisation_id = $1`, [organisationId]);
  return rows[0] ? toConfig(rows[0]) : null;
}

export async function findSsoConfigByClient(db: Queryable, clientName: string): Promise<StoredSsoConfig | null> {
  const { rows } = await db.query<ConfigRow>(`${CONFIG_SELECT} where o.client_name = $1 and c.enabled`, [clientName]);
  return rows[0] ? toConfig(rows[0]) : null;
}

/** The enabled providers: the sign-in page's buttons. */
export async function enabledProviders(db: Queryable): Promise<{ clientName: string; name: string }[]> {
  const { rows } = await db.query<{ client_name: string; display_name: string }>(
    `select o.client_name, c.display_name from gateway.sso_configs c
       join gateway.organisations o on o.id = c.organisation_id where c.enabled order by c.display_name`,
  );
  return rows.map((row) => ({ clientName: row.client_name, name: row.display_name }));
}

export interface SsoConfigWrite {
  displayName: string;
  issuer: string;
  clientId: string;
  /** Null keeps the sealed secret stored before. */
  clientSecretSealed: Uint8Array | null;
  emailClaim: string;
  groupClaim: string;
  groupRoles: readonly GroupRole[];
  enabled: boolean;
  required: boolean;
}

/** Writes the organisation's provider and its mapping (in the caller's transaction). */
export async function saveSsoConfig(
  tx: Queryable,
  organisationId: number,
  config: SsoConfigWrite,
  byAccountId: number,
): Promise<void> {
  await tx.query(
    `insert into gateway.sso_configs as c (organisation_id, display_name, issuer, client_id, client_secret_sealed,
                                           email_claim, group_claim, enabled, required, updated_by)
     values ($1, $2, $3, $4,
             coalesce($5, (select s.client_secret_sealed from gateway.sso_configs s where s.organisation_id = $1)),
             $6, $7, $8, $9, $10)
     on conflict (organisation_id) do update set
       display_name = excluded.display_name, issuer = excluded.issuer, client_id = excluded.client_id,
       client_secret_sealed = excluded.client_secret_sealed, email_claim = excluded.email_claim,
       group_claim = excluded.group_claim, enabled = excluded.enabled, required = excluded.required,
       updated_at = now(), updated_by = excluded.updated_by`,
    [
      organisationId,
      config.displayName,
      config.issuer,
      config.clientId,
      config.clientSecretSealed,
      config.emailClaim,
      config.groupClaim,
      config.enabled,
      config.required,
      byAccountId,
    ],
  );
  await tx.query('delete from gateway.sso_group_roles where organisation_id = $1', [organisationId]);
  await tx.query(
    `insert into gateway.sso_group_roles (organisation_id, position, group_name, role_id)
     select $1, line.position, line.group_name, line.role_id
       from unnest($2::text[], $3::bigint[]) with ordinality as line(group_name, role_id, position)`,
    [organisationId, config.groupRoles.map((line) => line.group), config.groupRoles.map((line) => line.roleId)],
  );
}

/** Whether the organisation requires sign-in through its (enabled) provider. */
export async function ssoRequired(db: Queryable, organisationId: number): Promise<{ name: string } | null> {
  const { rows } = await db.query<{ display_name: string }>(
    'select display_name from gateway.sso_configs where organisation_id = $1 and enabled and required',
    [organisationId],
  );
  return rows[0] ? { name: rows[0].display_name } : null;
}

// ---- sign-ins under way ----

export interface SsoFlow {
  organisationId: number;
  codeVerifier: string;
  nonce: string;
  nextPath: string | null;
}

export async function insertFlow(db: Queryable, stateHash: Buffer, flow: SsoFlow, ttlSeconds: number): Promise<void> {
  // Lapsed flows go as new ones come: the table holds only the last few minutes' sign-ins.
  await db.query("delete from gateway.sso_flows where expires_at < now() - interval '1 hour'");
  await db.query(
    `insert into gateway.sso_flows (state_hash, organisation_id, code_verifier, nonce, next_path, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [stateHash, flow.organisationId, flow.codeVerifier, flow.nonce, flow.nextPath, ttlSeconds],
  );
}

/** Takes the flow of a state: once, while fresh (a conditional update, so a replayed callback finds nothing). */
export async function takeFlow(db: Queryable, stateHash: Buffer): Promise<SsoFlow | null> {
  const { rows } = await db.query<{
    organisation_id: string;
    code_verifier: string;
    nonce: string;
    next_path: string | null;
  }>(
    `update gateway.sso_flows set used_at = now()
      where state_hash = $1 and used_at is null and expires_at > now()
      returning organisation_id, code_verifier, nonce, next_path`,
    [stateHash],
  );
  const row = rows[0];
  return row
    ? {
        organisationId: Number(row.organisation_id),
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        nextPath: row.next_path,
      }
    : null;
}

// ---- the people a provider brought ----

export interface SsoPerson {
  accountId: number;
  subject: string;
  disabledByProvider: boolean;
}

/** The person the provider's subject names in the organisation, else the one linked to the account. */
export async function findSsoPerson(
  db: Queryable,
  organisationId: number,
  subject: string,
  accountId: number | null,
): Promise<SsoPerson | null> {
  const { rows } = await db.query<{ account_id: string; subject: string; disabled_by_provider: boolean }>(
    `select account_id, subject, disabled_by_provider from gateway.sso_people
      where organisation_id = $1 and (subject = $2 or account_id = $3) order by subject = $2 desc limit 1
      for update`,
    [organisationId, subject, accountId],
  );
  const row = rows[0];
  return row
    ? { accountId: Number(row.account_id), subject: row.subject, disabledByProvider: row.disabled_by_provider }
    : null;
}

export async function saveSsoPerson(
  db: Queryable,
  organisationId: number,
  person: SsoPerson & { groups: readonly string[] },
): Promise<void> {
  await db.query(
    `insert into gateway.sso_people (account_id, organisation_id, subject, disabled_by_provider, groups)
     values ($1, $2, $3, $4, $5)
     on conflict (account_id) do update set subject = excluded.subject,
       disabled_by_provider = excluded.disabled_by_provider, groups = excluded.groups, last_sign_in_at = now()`,
    [person.accountId, organisationId, person.subject, person.disabledByProvider, person.groups],
  );
}
