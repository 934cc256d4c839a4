import type { PackageFlag, PackageNote } from '@/contract/privacy';
import type { Queryable } from '../../db/database';
import { deleteNotesOfCustomer, flagsOfCustomer, notesOfCustomer } from '../customer-notes';

/** A default flag's name in a package (the app names defaults in the reader's language; the letter is plain). */
const PRESET_FLAG_NAMES = {
  wheelchair: 'Wheelchair place',
  vip: 'VIP',
  'check-id': 'Check ID',
  'do-not-sell': 'Do not sell',
} as const;

/** The desk notes and flags on a customer (customer-notes/), as a privacy package lists them. */
export async function deskNotesOf(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ notes: PackageNote[]; flags: PackageFlag[] }> {
  const [notes, flags] = await Promise.all([
    notesOfCustomer(db, organisationId, customerId),
    flagsOfCustomer(db, organisationId, customerId),
  ]);
  return {
    notes: notes.map((note) => ({ text: note.text, author: note.author.name, at: note.editedAt ?? note.createdAt })),
    // The notes concern keeps which flags are on, not who set them when: the audit entries in the package say that.
    flags: flags.map((flag) => ({
      flag: flag.label ?? (flag.preset ? PRESET_FLAG_NAMES[flag.preset] : `Flag ${flag.id}`),
      author: null,
      at: null,
    })),
  };
}

/** Deletes the customer's notes and takes their flags off, in `tx` (anonymising); answers how many went. */
export async function deleteDeskNotesOf(tx: Queryable, organisationId: number, customerId: number): Promise<number> {
  const gone = await deleteNotesOfCustomer(tx, organisationId, customerId);
  return gone.notes + gone.flags;
}
