import type { PackageFlag, PackageNote } from '@/contract/privacy';
import type { Queryable } from '../../db/database';
import { accountNames } from '../auth';
import { deleteNotesOfCustomer, flagMarksOfCustomer, notesOfCustomer } from '../customer-notes';

/** A default flag's name (not renamed), as the app says it in each language: the package's and the letter's. */
export const PRESET_FLAG_NAMES = {
  nl: { wheelchair: 'Rolstoelplaats', vip: 'VIP', 'check-id': 'ID controleren', 'do-not-sell': 'Niet verkopen' },
  en: { wheelchair: 'Wheelchair place', vip: 'VIP', 'check-id': 'Check ID', 'do-not-sell': 'Do not sell' },
} as const;

/** The desk notes and flags on a customer (customer-notes/), as a privacy package lists them. */
export async function deskNotesOf(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ notes: PackageNote[]; flags: PackageFlag[] }> {
  const [notes, marks] = await Promise.all([
    notesOfCustomer(db, organisationId, customerId),
    flagMarksOfCustomer(db, organisationId, customerId),
  ]);
  const setters = await accountNames(
    db,
    marks.flatMap((mark) => (mark.setBy === null ? [] : [mark.setBy])),
  );
  return {
    notes: notes.map((note) => ({ text: note.text, author: note.author.name, at: note.editedAt ?? note.createdAt })),
    flags: marks.map(({ flag, setBy, setAt }) => ({
      // A default flag not renamed is named in the letter's language (the package's own is English).
      flag: flag.label ?? (flag.preset ? PRESET_FLAG_NAMES.en[flag.preset] : `Flag ${flag.id}`),
      preset: flag.label === null ? flag.preset : null,
      author: setBy === null ? null : (setters.get(setBy)?.name ?? null),
      at: setAt,
    })),
  };
}

/** Deletes the customer's notes and takes their flags off, in `tx` (anonymising); answers how many of each went. */
export async function deleteDeskNotesOf(
  tx: Queryable,
  organisationId: number,
  customerId: number,
): Promise<{ notes: number; flags: number }> {
  return deleteNotesOfCustomer(tx, organisationId, customerId);
}
