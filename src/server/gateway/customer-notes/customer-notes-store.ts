import type { CustomerFlag, CustomerNote, FlagSeverity } from '@/contract/customer-notes';
import type { Queryable } from '../../db/database';
import { beforeBound, boundText, type TimeBound } from '../../db/time-bound';

/**
 * All SQL of desk notes and flags (gateway.customer_notes, gateway.customer_flags, gateway.customer_flag_marks;
 * migration 019). Every statement names the organisation: an id of another organisation matches nothing.
 */

interface FlagRow {
  id: string;
  preset: CustomerFlag['preset'];
  label: string | null;
  severity: FlagSeverity;
  retired: boolean;
}

const flagOf = (row: FlagRow): CustomerFlag => ({
  id: Number(row.id),
  preset: row.preset,
  label: row.label,
  severity: row.severity,
  retired: row.retired,
});

const FLAG_COLUMNS = 'f.id, f.preset, f.label, f.severity, f.retired_at is not null as retired';

/** The organisation's flags: in use first, each group in the order they were added. */
export async function listFlags(db: Queryable, organisationId: number): Promise<CustomerFlag[]> {
  const { rows } = await db.query<FlagRow>(
    `select ${FLAG_COLUMNS} from gateway.customer_flags f where f.organisation_id = $1
      order by f.retired_at is not null, f.id`,
    [organisationId],
  );
  return rows.map(flagOf);
}

export async function findFlag(db: Queryable, organisationId: number, flagId: number): Promise<CustomerFlag | null> {
  const { rows } = await db.query<FlagRow>(
    `select ${FLAG_COLUMNS} from gateway.customer_flags f where f.organisation_id = $1 and f.id = $2`,
    [organisationId, flagId],
  );
  return rows[0] ? flagOf(rows[0]) : null;
}

export async function countActiveFlags(db: Queryable, organisationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from gateway.customer_flags where organisation_id = $1 and retired_at is null',
    [organisationId],
  );
  return rows[0]?.n ?? 0;
}

/** Whether a flag in use other than `exceptId` is called `label` (any case). */
export async function flagLabelTaken(
  db: Queryable,
  organisationId: number,
  label: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from gateway.customer_flags where organisation_id = $1 and lower(label) = lower($2)
        and retired_at is null and id is distinct from $3`,
    [organisationId, label, exceptId],
  );
  return rows.length > 0;
}

export async function insertFlag(
  tx: Queryable,
  organisationId: number,
  flag: { label: string; severity: FlagSeverity },
): Promise<CustomerFlag> {
  const { rows } = await tx.query<FlagRow>(
    `insert into gateway.customer_flags as f (organisation_id, label, severity) values ($1, $2, $3)
     returning ${FLAG_COLUMNS}`,
    [organisationId, flag.label, flag.severity],
  );
  return flagOf(rows[0] as FlagRow);
}

export interface FlagChange {
  label?: string | null | undefined;
  severity?: FlagSeverity | undefined;
  retired?: boolean | undefined;
}

/** Applies the fields `change` names; the flag as it is now, null when the organisation has no such flag. */
export async function updateFlag(
  tx: Queryable,
  organisationId: number,
  flagId: number,
  change: FlagChange,
): Promise<CustomerFlag | null> {
  const { rows } = await tx.query<FlagRow>(
    `update gateway.customer_flags f
        set label = case when $3 then $4 else f.label end,
            severity = coalesce($5, f.severity),
            retired_at = case when $6::boolean is null then f.retired_at
                              when $6 then coalesce(f.retired_at, now()) else null end
      where f.organisation_id = $1 and f.id = $2
      returning ${FLAG_COLUMNS}`,
    [
      organisationId,
      flagId,
      change.label !== undefined,
      change.label ?? null,
      change.severity ?? null,
      change.retired ?? null,
    ],
  );
  return rows[0] ? flagOf(rows[0]) : null;
}

/** The customer's flags in use, each with who set it (null: an account since removed) and when. */
export async function flagMarksOn(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ flag: CustomerFlag; setBy: number | null; setAt: string }[]> {
  const { rows } = await db.query<FlagRow & { set_by: string | null; set_at: Date }>(
    `select ${FLAG_COLUMNS}, m.set_by, m.set_at from gateway.customer_flag_marks m
       join gateway.customer_flags f on f.id = m.flag_id
      where m.organisation_id = $1 and m.customer_id = $2 and f.retired_at is null
      order by f.id`,
    [organisationId, customerId],
  );
  return rows.map((row) => ({
    flag: flagOf(row),
    setBy: row.set_by === null ? null : Number(row.set_by),
    setAt: new Date(row.set_at).toISOString(),
  }));
}

/** The flags in use on a customer, in the list's order. */
export async function flagsOn(db: Queryable, organisationId: number, customerId: number): Promise<CustomerFlag[]> {
  return (await flagMarksOn(db, organisationId, customerId)).map((mark) => mark.flag);
}

/**
 * Sets the customer's flags in use to `flagIds` (all of them in use, checked by the caller); marks of retired
 * flags stay. Returns the ids added and removed.
 */
export async function replaceFlagMarks(
  tx: Queryable,
  organisationId: number,
  customerId: number,
  flagIds: readonly number[],
  setBy: number,
): Promise<{ added: number[]; removed: number[] }> {
  const removed = await tx.query<{ flag_id: string }>(
    `delete from gateway.customer_flag_marks m using gateway.customer_flags f
      where f.id = m.flag_id and m.organisation_id = $1 and m.customer_id = $2 and f.retired_at is null
        and not (m.flag_id = any($3::bigint[]))
      returning m.flag_id`,
    [organisationId, customerId, flagIds],
  );
  const added = await tx.query<{ flag_id: string }>(
    `insert into gateway.customer_flag_marks (organisation_id, customer_id, flag_id, set_by)
     select $1, $2, unnest($3::bigint[]), $4
     on conflict do nothing
     returning flag_id`,
    [organisationId, customerId, flagIds, setBy],
  );
  return {
    added: added.rows.map((row) => Number(row.flag_id)).sort((a, b) => a - b),
    removed: removed.rows.map((row) => Number(row.flag_id)).sort((a, b) => a - b),
  };
}

interface NoteRow {
  id: string;
  customer_id: string;
  text: string;
  author_id: string | null;
  author_name: string;
  created_at: Date | string;
  edited_at: Date | string | null;
}

const NOTE_COLUMNS = 'id, customer_id, text, author_id, author_name, created_at, edited_at';

const noteOf = (row: NoteRow): CustomerNote => ({
  id: Number(row.id),
  customerId: Number(row.customer_id),
  text: row.text,
  author: { accountId: row.author_id === null ? null : Number(row.author_id), name: row.author_name },
  createdAt: new Date(row.created_at).toISOString(),
  editedAt: row.edited_at === null ? null : new Date(row.edited_at).toISOString(),
});

/** The customer's notes, newest first. */
export async function notesOn(db: Queryable, organisationId: number, customerId: number): Promise<CustomerNote[]> {
  const { rows } = await db.query<NoteRow>(
    `select ${NOTE_COLUMNS} from gateway.customer_notes where organisation_id = $1 and customer_id = $2
      order by created_at desc, id desc`,
    [organisationId, customerId],
  );
  return rows.map(noteOf);
}

/**
 * Up to `limit` of the customer's notes written before `bound` (all when null), newest first, each with the
 * database's text of its time (a customer's story pages by it: TimeBound).
 */
export async function notesBefore(
  db: Queryable,
  organisationId: number,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
): Promise<(CustomerNote & { atText: string })[]> {
  const params: unknown[] = [organisationId, customerId];
  const before = beforeBound('created_at', 'id', bound, params);
  const { rows } = await db.query<NoteRow & { at_text: string }>(
    `select ${NOTE_COLUMNS}, ${boundText('created_at')} as at_text from gateway.customer_notes
      where organisation_id = $1 and customer_id = $2 and ${before}
      order by created_at desc, id desc limit ${limit}`,
    params,
  );
  return rows.map((row) => ({ ...noteOf(row), atText: row.at_text }));
}

export async function findNote(
  db: Queryable,
  organisationId: number,
  customerId: number,
  noteId: number,
): Promise<CustomerNote | null> {
  const { rows } = await db.query<NoteRow>(
    `select ${NOTE_COLUMNS} from gateway.customer_notes where organisation_id = $1 and customer_id = $2 and id = $3`,
    [organisationId, customerId, noteId],
  );
  return rows[0] ? noteOf(rows[0]) : null;
}

export interface NewNote {
  organisationId: number;
  customerId: number;
  text: string;
  author: { accountId: number | null; name: string };
}

export async function insertNote(tx: Queryable, note: NewNote): Promise<CustomerNote> {
  const { rows } = await tx.query<NoteRow>(
    `insert into gateway.customer_notes (organisation_id, customer_id, text, author_id, author_name)
     values ($1, $2, $3, $4, $5) returning ${NOTE_COLUMNS}`,
    [note.organisationId, note.customerId, note.text, note.author.accountId, note.author.name],
  );
  return noteOf(rows[0] as NoteRow);
}

/** Changes the text of a note by `authorId`; null when there is no such note of theirs. */
export async function updateOwnNote(
  tx: Queryable,
  organisationId: number,
  customerId: number,
  noteId: number,
  authorId: number,
  text: string,
): Promise<CustomerNote | null> {
  const { rows } = await tx.query<NoteRow>(
    `update gateway.customer_notes set text = $5, edited_at = now()
      where organisation_id = $1 and customer_id = $2 and id = $3 and author_id = $4
      returning ${NOTE_COLUMNS}`,
    [organisationId, customerId, noteId, authorId, text],
  );
  return rows[0] ? noteOf(rows[0]) : null;
}

/** Deletes one note; whether there was one. */
export async function deleteNote(
  tx: Queryable,
  organisationId: number,
  customerId: number,
  noteId: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    'delete from gateway.customer_notes where organisation_id = $1 and customer_id = $2 and id = $3',
    [organisationId, customerId, noteId],
  );
  return rowCount > 0;
}

/** Deletes every note and flag mark of a customer; how many of each. */
export async function deleteAllOf(
  tx: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ notes: number; flags: number }> {
  const notes = await tx.query('delete from gateway.customer_notes where organisation_id = $1 and customer_id = $2', [
    organisationId,
    customerId,
  ]);
  const flags = await tx.query(
    'delete from gateway.customer_flag_marks where organisation_id = $1 and customer_id = $2',
    [organisationId, customerId],
  );
  return { notes: notes.rowCount, flags: flags.rowCount };
}
