import {
  type CustomerDeskNotes,
  type CustomerFlag,
  type CustomerNote,
  type FlagList,
  type FlagSeverity,
  MAX_ACTIVE_FLAGS,
  NOTE_MAX_LENGTH,
} from '@/contract/customer-notes';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { mirroredCustomers } from '../mirror';
import type { Principal } from '../principal';
import {
  countActiveFlags,
  deleteAllOf,
  deleteNote,
  type FlagChange,
  findFlag,
  findNote,
  flagLabelTaken,
  flagMarksOn,
  flagsOn,
  insertFlag,
  insertNote,
  listFlags,
  type NewNote,
  notesOn,
  replaceFlagMarks,
  updateFlag,
  updateOwnNote,
} from './customer-notes-store';

/** The person asking, and the audit entry of their request. */
export interface NotesCaller {
  principal: Principal;
  /** Records what this request did, in `tx` (the transaction of the change). */
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

const mayWrite = (principal: Principal) => principal.permissions.includes('notes:write');

/**
 * The rules of desk notes and flags.
 *
 * - Reading: anyone who may see the customer (customers:read, customers:lookup or sales:sell — the route says so):
 *   the flags must reach the box office.
 * - Writing (notes:write): add a note; edit the text of one's own notes only (a note speaks for its author, so no
 *   one puts words in another's); delete any note of the organisation (an outdated warning must be removable when
 *   its author has left). Set a customer's flags, and keep the organisation's flag list — the people who flag
 *   customers keep the list they flag from (staff:manage is about people and roles, not customers).
 * - A deleted note is gone: the audit trail is append-only, so it records that a note existed, was changed or
 *   deleted (its id, its length, who and when) but never its text — else an anonymised customer's notes would
 *   live on in the trail.
 */
export class CustomerNotesService {
  constructor(private readonly db: Database) {}

  async deskNotes(caller: NotesCaller, customerId: number): Promise<CustomerDeskNotes> {
    const { organisationId, accountId } = caller.principal;
    const [flags, notes] = await Promise.all([
      flagsOn(this.db, organisationId, customerId),
      notesOn(this.db, organisationId, customerId),
    ]);
    const editableNoteIds = mayWrite(caller.principal)
      ? notes.filter((note) => note.author.accountId === accountId).map((note) => note.id)
      : [];
    return { customerId, flags, notes, editableNoteIds };
  }

  async addNote(caller: NotesCaller, customerId: number, text: string): Promise<CustomerNote> {
    await this.#requireCustomer(caller, customerId);
    const { principal } = caller;
    return this.db.transaction(async (tx) => {
      const note = await insertNote(tx, {
        organisationId: principal.organisationId,
        customerId,
        text,
        author: { accountId: principal.accountId, name: principal.displayName || principal.email },
      });
      await caller.audit(tx, {
        action: 'customer-note',
        customerId,
        status: 201,
        details: { op: 'add', noteId: note.id, length: text.length },
      });
      return note;
    });
  }

  async editNote(caller: NotesCaller, customerId: number, noteId: number, text: string): Promise<CustomerNote> {
    const { principal } = caller;
    return this.db.transaction(async (tx) => {
      const note = await findNote(tx, principal.organisationId, customerId, noteId);
      if (!note) throw new NotFoundError('No such note');
      if (note.author.accountId !== principal.accountId) {
        throw new ForbiddenError('Only its author edits a note; you may delete it.');
      }
      const edited = await updateOwnNote(tx, principal.organisationId, customerId, noteId, principal.accountId, text);
      if (!edited) throw new NotFoundError('No such note');
      await caller.audit(tx, {
        action: 'customer-note',
        customerId,
        status: 200,
        details: { op: 'edit', noteId, length: text.length },
      });
      return edited;
    });
  }

  async deleteNote(caller: NotesCaller, customerId: number, noteId: number): Promise<void> {
    const { principal } = caller;
    await this.db.transaction(async (tx) => {
      const note = await findNote(tx, principal.organisationId, customerId, noteId);
      if (!note || !(await deleteNote(tx, principal.organisationId, customerId, noteId))) {
        throw new NotFoundError('No such note');
      }
      await caller.audit(tx, {
        action: 'customer-note',
        customerId,
        status: 204,
        details: { op: 'delete', noteId, author: note.author.name, writtenAt: note.createdAt },
      });
    });
  }

  /** Sets the customer's flags (flags in use only); answers the flags they have now. */
  async setFlags(caller: NotesCaller, customerId: number, flagIds: readonly number[]): Promise<CustomerFlag[]> {
    await this.#requireCustomer(caller, customerId);
    const { organisationId, accountId } = caller.principal;
    const wanted = [...new Set(flagIds)];
    return this.db.transaction(async (tx) => {
      const inUse = new Set((await listFlags(tx, organisationId)).filter((flag) => !flag.retired).map((f) => f.id));
      const unknown = wanted.filter((id) => !inUse.has(id));
      if (unknown.length > 0) throw ValidationError.field('flagIds', `No flag in use with id ${unknown.join(', ')}`);
      const { added, removed } = await replaceFlagMarks(tx, organisationId, customerId, wanted, accountId);
      if (added.length > 0 || removed.length > 0) {
        await caller.audit(tx, { action: 'customer-flags', customerId, status: 200, details: { added, removed } });
      }
      return flagsOn(tx, organisationId, customerId);
    });
  }

  async flags(caller: NotesCaller): Promise<FlagList> {
    return { data: await listFlags(this.db, caller.principal.organisationId) };
  }

  async addFlag(caller: NotesCaller, flag: { label: string; severity: FlagSeverity }): Promise<CustomerFlag> {
    const { organisationId } = caller.principal;
    return this.db.transaction(async (tx) => {
      if ((await countActiveFlags(tx, organisationId)) >= MAX_ACTIVE_FLAGS) {
        throw new ConflictError(`At most ${MAX_ACTIVE_FLAGS} flags in use: retire one first.`);
      }
      if (await flagLabelTaken(tx, organisationId, flag.label, null)) {
        throw ValidationError.field('label', 'A flag in use has this name already');
      }
      const added = await insertFlag(tx, organisationId, flag);
      await caller.audit(tx, { action: 'flag-settings', status: 201, details: { op: 'add', flag: { ...added } } });
      return added;
    });
  }

  async changeFlag(caller: NotesCaller, flagId: number, change: FlagChange): Promise<CustomerFlag> {
    const { organisationId } = caller.principal;
    return this.db.transaction(async (tx) => {
      const was = await findFlag(tx, organisationId, flagId);
      if (!was) throw new NotFoundError('No such flag');
      if (change.label === null && was.preset === null) {
        throw ValidationError.field('label', 'A flag the organisation added needs a name');
      }
      const retiredAfter = change.retired ?? was.retired;
      if (typeof change.label === 'string' && !retiredAfter) {
        if (await flagLabelTaken(tx, organisationId, change.label, flagId)) {
          throw ValidationError.field('label', 'A flag in use has this name already');
        }
      }
      if (was.retired && change.retired === false) {
        if ((await countActiveFlags(tx, organisationId)) >= MAX_ACTIVE_FLAGS) {
          throw new ConflictError(`At most ${MAX_ACTIVE_FLAGS} flags in use: retire one first.`);
        }
        const label = change.label === undefined ? was.label : change.label;
        if (label !== null && (await flagLabelTaken(tx, organisationId, label, flagId))) {
          throw ValidationError.field('label', 'A flag in use has this name already');
        }
      }
      const now = await updateFlag(tx, organisationId, flagId, change);
      if (!now) throw new NotFoundError('No such flag');
      await caller.audit(tx, {
        action: 'flag-settings',
        status: 200,
        details: { op: 'change', before: { ...was }, after: { ...now } },
      });
      return now;
    });
  }

  /** Notes and flags are kept for customers the organisation has (as its mirror knows them). */
  async #requireCustomer(caller: NotesCaller, customerId: number): Promise<void> {
    const known = await mirroredCustomers(this.db, caller.principal.organisationId, [customerId]);
    if (!known.has(customerId)) throw new NotFoundError('No such customer');
  }
}

// ---- for the concerns that answer for a whole customer (through index.ts) ----

/** The customer's notes, newest first. */
export function notesOfCustomer(db: Queryable, organisationId: number, customerId: number): Promise<CustomerNote[]> {
  return notesOn(db, organisationId, customerId);
}

/** The flags in use on the customer, with who set each and when (a privacy package lists them). */
export function flagMarksOfCustomer(db: Queryable, organisationId: number, customerId: number) {
  return flagMarksOn(db, organisationId, customerId);
}

/**
 * Adds a note written by other work (a merge of duplicates notes the record let go), in `tx`. Not audited here:
 * the caller's own entry of that work says it. The text is cut to the notes' limit.
 */
export function addCustomerNote(tx: Queryable, note: NewNote): Promise<CustomerNote> {
  return insertNote(tx, { ...note, text: note.text.trim().slice(0, NOTE_MAX_LENGTH) });
}

/**
 * Deletes every note of the customer and takes every flag off them, in `tx` (anonymising): a flag such as
 * "wheelchair place" is personal too. Not audited here: the caller's entry says it, with these counts.
 */
export function deleteNotesOfCustomer(
  tx: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ notes: number; flags: number }> {
  return deleteAllOf(tx, organisationId, customerId);
}
