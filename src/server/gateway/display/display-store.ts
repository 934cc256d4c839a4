import type { PairedDisplay, Screen } from '@/contract/display';
import type { Queryable } from '../../db/database';

/** All SQL of the buyer's screens (migration 023): pairing codes, display sessions and what each screen shows. */

export interface DisplaySessionRecord {
  id: number;
  organisationId: number;
  salesPointId: number;
}

export interface StoredScreen {
  salesPointName: string;
  version: number;
  /** Null: nothing published yet, or shown long enough (`shown_until` passed): the screen is idle. */
  screen: Screen | null;
  /** When a shown screen turns idle by itself (ms since epoch), so a stream knows when to look again. */
  shownUntilMs: number | null;
}

/** A new code for a sales point of the organisation; false when there is no such sales point. */
export async function insertPairingCode(
  tx: Queryable,
  code: { organisationId: number; salesPointId: number; codeHash: Buffer; createdBy: number; lifeSeconds: number },
): Promise<{ expiresAt: string } | null> {
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `insert into gateway.display_pairing_codes (organisation_id, sales_point_id, code_hash, created_by, expires_at)
     select organisation_id, id, $3, $4, now() + make_interval(secs => $5)
       from gateway.sales_points where organisation_id = $1 and id = $2 and enabled
     returning expires_at`,
    [code.organisationId, code.salesPointId, code.codeHash, code.createdBy, code.lifeSeconds],
  );
  return rows[0] ? { expiresAt: new Date(rows[0].expires_at).toISOString() } : null;
}

/**
 * Uses a code once: the one conditional update that marks it used also says whether it was still good (unused,
 * unexpired, its sales point enabled), so two devices typing it at once cannot both pair.
 */
export async function usePairingCode(
  tx: Queryable,
  codeHash: Buffer,
): Promise<{ organisationId: number; salesPointId: number; salesPointName: string; createdBy: number | null } | null> {
  const { rows } = await tx.query<{
    organisation_id: string;
    sales_point_id: string;
    name: string;
    created_by: string | null;
  }>(
    `update gateway.display_pairing_codes c set used_at = now()
       from gateway.sales_points p
      where c.code_hash = $1 and c.used_at is null and c.expires_at > now()
        and p.id = c.sales_point_id and p.enabled
      returning c.organisation_id, c.sales_point_id, p.name, c.created_by`,
    [codeHash],
  );
  const row = rows[0];
  return row
    ? {
        organisationId: Number(row.organisation_id),
        salesPointId: Number(row.sales_point_id),
        salesPointName: row.name,
        createdBy: row.created_by === null ? null : Number(row.created_by),
      }
    : null;
}

export async function insertDisplaySession(
  tx: Queryable,
  session: {
    organisationId: number;
    salesPointId: number;
    tokenHash: Buffer;
    pairedBy: number | null;
    userAgent: string | null;
    address: string;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into gateway.display_sessions (organisation_id, sales_point_id, token_hash, paired_by, user_agent, address)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      session.organisationId,
      session.salesPointId,
      session.tokenHash,
      session.pairedBy,
      session.userAgent,
      session.address,
    ],
  );
  return Number(rows[0]?.id);
}

/** The live display session of a token (not revoked, its sales point still there). */
export async function findDisplaySession(db: Queryable, tokenHash: Buffer): Promise<DisplaySessionRecord | null> {
  const { rows } = await db.query<{ id: string; organisation_id: string; sales_point_id: string }>(
    `select id, organisation_id, sales_point_id from gateway.display_sessions
      where token_hash = $1 and revoked_at is null`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? { id: Number(row.id), organisationId: Number(row.organisation_id), salesPointId: Number(row.sales_point_id) }
    : null;
}

/** Marks a stream's start as the display's last use (the settings list when each screen was last seen). */
export async function touchDisplaySession(db: Queryable, displayId: number): Promise<void> {
  await db.query('update gateway.display_sessions set last_seen_at = now() where id = $1', [displayId]);
}

export async function listDisplaySessions(
  db: Queryable,
  organisationId: number,
  salesPointId: number,
): Promise<PairedDisplay[]> {
  const { rows } = await db.query<{
    id: string;
    created_at: Date | string;
    last_seen_at: Date | string;
    paired_by: string | null;
    user_agent: string | null;
    address: string | null;
  }>(
    `select s.id, s.created_at, s.last_seen_at, a.email as paired_by, s.user_agent, s.address
       from gateway.display_sessions s left join gateway.accounts a on a.id = s.paired_by
      where s.organisation_id = $1 and s.sales_point_id = $2 and s.revoked_at is null
      order by s.created_at desc, s.id desc`,
    [organisationId, salesPointId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    pairedAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    pairedBy: row.paired_by,
    userAgent: row.user_agent,
    address: row.address,
  }));
}

/** Revokes a live display session of the sales point; false when there is none. */
export async function revokeDisplaySession(
  tx: Queryable,
  organisationId: number,
  salesPointId: number,
  displayId: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update gateway.display_sessions set revoked_at = now()
      where organisation_id = $1 and sales_point_id = $2 and id = $3 and revoked_at is null`,
    [organisationId, salesPointId, displayId],
  );
  return rowCount > 0;
}

/**
 * Replaces the sales point's screen, one version up; the trigger of migration 023 notifies its streams.
 * The sales point must be the organisation's (the seller's shift says it is).
 */
export async function storeScreen(
  db: Queryable,
  organisationId: number,
  salesPointId: number,
  screen: Screen,
  shownSeconds: number,
): Promise<number> {
  const { rows } = await db.query<{ version: string }>(
    `insert into gateway.display_screens (sales_point_id, organisation_id, version, screen, shown_until)
     values ($2, $1, 1, $3::jsonb, now() + make_interval(secs => $4))
     on conflict (sales_point_id) do update
        set version = gateway.display_screens.version + 1, screen = excluded.screen,
            shown_until = excluded.shown_until, updated_at = now()
      where gateway.display_screens.organisation_id = excluded.organisation_id
     returning version`,
    [organisationId, salesPointId, JSON.stringify(screen), shownSeconds],
  );
  return Number(rows[0]?.version);
}

/**
 * What a display session's screen shows now, read with the session itself: null once the session is revoked
 * (its stream ends). A screen shown long enough reads as idle, with the version it had.
 */
export async function readScreen(db: Queryable, displayId: number): Promise<StoredScreen | null> {
  const { rows } = await db.query<{
    name: string;
    version: string | null;
    screen: Screen | null;
    shown_until: Date | string | null;
    shown: boolean | null;
  }>(
    `select p.name, d.version, d.screen, d.shown_until, d.shown_until > now() as shown
       from gateway.display_sessions s
       join gateway.sales_points p on p.id = s.sales_point_id
       left join gateway.display_screens d on d.sales_point_id = s.sales_point_id
      where s.id = $1 and s.revoked_at is null`,
    [displayId],
  );
  const row = rows[0];
  if (!row) return null;
  const shown = row.shown === true;
  return {
    salesPointName: row.name,
    version: row.version === null ? 0 : Number(row.version),
    screen: shown ? row.screen : null,
    shownUntilMs: shown && row.shown_until ? new Date(row.shown_until).getTime() : null,
  };
}

/** The sales point's codes that expired over a day ago: of no more use, deleted as a new one is made. */
export async function deleteOldPairingCodes(tx: Queryable, salesPointId: number): Promise<void> {
  await tx.query(
    `delete from gateway.display_pairing_codes where sales_point_id = $1 and expires_at < now() - interval '1 day'`,
    [salesPointId],
  );
}
