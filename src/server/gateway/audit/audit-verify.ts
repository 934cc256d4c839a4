import type { Queryable } from '../../db/database';
import type { AuditAnchor } from './audit-anchors';
import {
  type AuditChainRef,
  allChains,
  type ChainedEntry,
  chainEntriesAfter,
  chainHead,
  organisationChain,
} from './audit-store';
import { entryHash } from './audit-trail';

export interface ChainStatus {
  organisationId: number | null;
  clientName: string | null;
  entries: number;
  ok: boolean;
  /** The first entry where the chain breaks (id 0: the chain is missing and no entry of it is known). */
  brokenAt?: ChainBreak;
}

interface ChainBreak {
  id: number;
  reason: string;
}

/** How far a walk along a chain came: the entries it read, the last one's id, and whether it met the head. */
interface Walk {
  entries: number;
  lastId: number;
  metHead: boolean;
  brokenAt?: ChainBreak;
}

const BATCH = 2000;

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === null || b === null ? a === b : Buffer.from(a).equals(Buffer.from(b));

/**
 * Walks each organisation's chain from its first entry and reports the first thing that does not hold: an
 * entry whose hash is not that of its contents (the entry was changed), or whose `prev_hash` is not the hash
 * of the entry before it (an entry before it was removed, or the chain was spliced); a chain that does not end
 * at its recorded head in gateway.audit_heads (its newest entries were removed), or that is missing although
 * its head names entries; and, given anchors taken earlier outside the database, an anchored entry that is
 * gone, lies beyond the chain's end, or has another hash (a chain cut back with its head moved along, or
 * rewritten). `organisationId` limits the check to one organisation (undefined: all, including the chain
 * without organisation and every chain that has a head or an anchor but no entries).
 */
export async function verifyAuditChain(
  db: Queryable,
  organisationId?: number,
  anchors: readonly AuditAnchor[] = [],
): Promise<ChainStatus[]> {
  const chains: AuditChainRef[] =
    organisationId === undefined
      ? await allChains(
          db,
          anchors.map((anchor) => anchor.organisationId),
        )
      : await organisationChain(db, organisationId);
  const statuses: ChainStatus[] = [];
  for (const chain of chains) {
    const anchored = anchors.filter((anchor) => anchor.organisationId === chain.organisationId);
    statuses.push({ ...(await verifyOne(db, chain.organisationId, anchored)), clientName: chain.clientName });
  }
  return statuses;
}

async function verifyOne(
  db: Queryable,
  organisationId: number | null,
  anchors: readonly AuditAnchor[],
): Promise<ChainStatus> {
  const anchorsById = new Map<number, AuditAnchor[]>();
  for (const anchor of anchors) anchorsById.set(anchor.entryId, [...(anchorsById.get(anchor.entryId) ?? []), anchor]);
  // The head before the walk: appends during it (a live system) only add entries after the one it names.
  const head = await chainHead(db, organisationId);
  const walk = await walkChain(db, organisationId, head, anchorsById);
  const brokenAt = walk.brokenAt ?? unmetAnchor(walk, anchorsById) ?? (await headFault(db, organisationId, head, walk));
  return { organisationId, clientName: null, entries: walk.entries, ok: !brokenAt, ...(brokenAt ? { brokenAt } : {}) };
}

/**
 * Reads the chain in batches, checking each entry against the one before it and its anchors; stops at the first
 * entry that does not hold. The anchors it meets are taken out of `anchorsById`.
 */
async function walkChain(
  db: Queryable,
  organisationId: number | null,
  head: Uint8Array | null,
  anchorsById: Map<number, AuditAnchor[]>,
): Promise<Walk> {
  const walk: Walk = { entries: 0, lastId: 0, metHead: false };
  let previous: Uint8Array | null = null;
  for (;;) {
    const batch = await chainEntriesAfter(db, organisationId, walk.lastId, BATCH);
    for (const chained of batch) {
      const { id } = chained.entry;
      walk.entries++;
      const reason = entryFault(chained, previous, anchorsById.get(id) ?? []);
      if (reason) return { ...walk, brokenAt: { id, reason } };
      anchorsById.delete(id);
      if (head !== null && sameBytes(chained.hash, head)) walk.metHead = true;
      previous = chained.hash;
      walk.lastId = id;
    }
    if (batch.length < BATCH) return walk;
  }
}

/** What is wrong with an entry, following `previous` (the hash of the entry before it); null when it holds. */
function entryFault(chained: ChainedEntry, previous: Uint8Array | null, anchors: readonly AuditAnchor[]) {
  if (!sameBytes(chained.prevHash, previous)) {
    return previous === null
      ? 'the first entry names a predecessor: entries before it were removed'
      : 'prev_hash is not the hash of the entry before it: an entry was removed or inserted';
  }
  const hash = Buffer.from(chained.hash);
  if (!entryHash(chained.prevHash, chained.entry).equals(hash)) {
    return 'the hash does not match the contents: the entry was changed';
  }
  const differing = anchors.find((anchor) => anchor.hash !== hash.toString('hex'));
  return differing ? `its hash is not the one anchored at ${differing.at}: the chain was rewritten` : null;
}

/** An anchor whose entry the walk did not meet: the newest first, since the newest entries are what goes first. */
function unmetAnchor(walk: Walk, anchorsById: ReadonlyMap<number, AuditAnchor[]>): ChainBreak | undefined {
  const unmet = [...anchorsById.values()].flat().sort((a, b) => b.entryId - a.entryId)[0];
  if (!unmet) return undefined;
  return {
    id: unmet.entryId,
    reason:
      unmet.entryId > walk.lastId
        ? `the chain ends before this entry, anchored at ${unmet.at}${walk.entries === 0 ? ': the whole chain is missing' : ': its newest entries were removed'}`
        : `this entry, anchored at ${unmet.at}, is missing: it was removed`,
  };
}

/** Whether the chain ends at its recorded head (`head`, read before the walk) and still has one. */
async function headFault(
  db: Queryable,
  organisationId: number | null,
  head: Uint8Array | null,
  walk: Walk,
): Promise<ChainBreak | undefined> {
  if (head !== null && !walk.metHead) {
    return walk.entries === 0
      ? {
          id: 0,
          reason: 'the chain is missing: its recorded head (gateway.audit_heads) names entries that are not there',
        }
      : {
          id: walk.lastId,
          reason: 'the chain does not reach its recorded head (gateway.audit_heads): its newest entries were removed',
        };
  }
  // Every append leaves a head; a chain without one had it removed.
  if (walk.entries > 0 && (await chainHead(db, organisationId)) === null) {
    return { id: walk.lastId, reason: 'the chain has no recorded head (gateway.audit_heads): it was removed' };
  }
  return undefined;
}
