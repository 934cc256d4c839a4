import { STORY_PAGE_SIZE, type StoryItem, type StoryKind, type StoryPage } from '@/contract/customer-story';
import { SOLD_STATUSES } from '@/contract/reports';
import type { Queryable } from '../../db/database';
import type { TimeBound } from '../../db/time-bound';
import { type AuditAction, customerEntriesBefore, lastCustomerEntry } from '../audit';
import { accountNames } from '../auth';
import { notesBefore } from '../customer-notes';
import { ValidationError } from '../errors';
import { customerOrderFigures, customerOrdersBefore, customerWaitingListBefore, orderLinesOf } from '../mirror';
import type { NamedEvent } from './story-events';

/**
 * The sources of the story, each a table read newest first, and their rank: items at the same moment are told
 * in this order (an order before the note written about it), and a page's cursor names the rank of its last.
 */
const SOURCES = ['orders', 'waiting-list', 'audit', 'notes'] as const;
type Source = (typeof SOURCES)[number];
const RANK: Record<Source, number> = { orders: 4, 'waiting-list': 3, audit: 2, notes: 1 };

const SOURCE_OF: Record<StoryKind, Source> = {
  order: 'orders',
  'waiting-list': 'waiting-list',
  edit: 'audit',
  tags: 'audit',
  flags: 'audit',
  note: 'notes',
};
/** The audit trail's entries a kind tells: an anonymisation and a merge are edits of the record too. */
const AUDIT_ACTIONS_OF: Partial<Record<StoryKind, readonly AuditAction[]>> = {
  edit: ['customer-edit', 'anonymise', 'duplicate-merge'],
  tags: ['tags'],
  flags: ['customer-flags'],
};

/** Where the page before stopped: its last item's time (bound text), source rank and id in that source. */
interface Cursor {
  at: string;
  rank: number;
  id: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof value.at === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value.at) &&
      Number.isInteger(value.rank) &&
      Number.isSafeInteger(value.id)
    ) {
      return value as Cursor;
    }
  } catch {
    // answered below
  }
  throw ValidationError.field('before', 'Not a page of this story');
}

/** How a source reads the cursor: the rows at its time it still owes (see TimeBound). */
function boundFor(source: Source, cursor: Cursor | null): TimeBound | null {
  if (!cursor) return null;
  const rank = RANK[source];
  if (rank < cursor.rank) return { at: cursor.at, sameAt: 'all' };
  if (rank > cursor.rank) return { at: cursor.at, sameAt: 'none' };
  return { at: cursor.at, sameAt: { idBelow: cursor.id } };
}

/** An item as read from its source, before the page is cut: its place in the merged order, and how to show it. */
interface Told {
  at: string;
  rank: number;
  id: number;
  item: StoryItem;
}

const newestFirst = (a: Told, b: Told) =>
  a.at === b.at ? (a.rank === b.rank ? b.id - a.id : b.rank - a.rank) : a.at < b.at ? 1 : -1;

export interface StoryRequest {
  organisationId: number;
  customerId: number;
  kinds: readonly StoryKind[];
  before: string | undefined;
  /** Items per page (default STORY_PAGE_SIZE). */
  pageSize?: number;
  /** The organisation's events by id, for naming the seats and waiting lists (read only when they are needed). */
  events: () => Promise<ReadonlyMap<number, NamedEvent>>;
}

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const countOf = (value: unknown): number => (Number.isSafeInteger(value) ? (value as number) : 0);
const asIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => Number.isSafeInteger(item)) : [];

/**
 * One page of a customer's story: each chosen source read for a page's worth before the cursor, merged newest
 * first, cut to a page. With one more row asked of each, whether anything is left is known without a count.
 * The totals come with the first page.
 */
export async function storyPage(db: Queryable, request: StoryRequest): Promise<StoryPage> {
  const { organisationId, customerId } = request;
  const cursor = request.before === undefined ? null : decodeCursor(request.before);
  const sources = new Set(request.kinds.map((kind) => SOURCE_OF[kind]));
  const pageSize = request.pageSize ?? STORY_PAGE_SIZE;
  const limit = pageSize + 1;
  const auditActions = request.kinds.flatMap((kind) => AUDIT_ACTIONS_OF[kind] ?? []);

  const [orders, waiting, entries, notes, figures, anonymised] = await Promise.all([
    sources.has('orders')
      ? customerOrdersBefore(db, organisationId, customerId, boundFor('orders', cursor), limit)
      : [],
    sources.has('waiting-list')
      ? customerWaitingListBefore(db, organisationId, customerId, boundFor('waiting-list', cursor), limit)
      : [],
    sources.has('audit')
      ? customerEntriesBefore(db, organisationId, customerId, auditActions, boundFor('audit', cursor), limit)
      : [],
    sources.has('notes') ? notesBefore(db, organisationId, customerId, boundFor('notes', cursor), limit) : [],
    cursor ? null : customerOrderFigures(db, organisationId, customerId, SOLD_STATUSES),
    sources.has('audit') ? lastCustomerEntry(db, organisationId, customerId, 'anonymise') : null,
  ]);

  const needsEvents = orders.length > 0 || waiting.length > 0;
  const [lines, events, names] = await Promise.all([
    orders.length > 0
      ? orderLinesOf(
          db,
          organisationId,
          orders.map((order) => String(order.orderId)),
        )
      : [],
    needsEvents ? request.events() : new Map<number, NamedEvent>(),
    accountNames(
      db,
      entries.flatMap((entry) => (entry.accountId === null ? [] : [entry.accountId])),
    ),
  ]);
  const eventRef = (eventId: number) => {
    const event = events.get(eventId);
    return { eventId, name: event?.name ?? null, start: event?.start ?? null };
  };
  const seatsByOrder = new Map<number, Extract<StoryItem, { kind: 'order' }>['seats']>();
  for (const line of lines) {
    if (line.deleted) continue;
    const orderId = Number(line.order_id);
    const eventId = Number(line.event_id);
    const seats = seatsByOrder.get(orderId) ?? [];
    seats.push({
      event: eventRef(eventId),
      rank: events.get(eventId)?.ranks.get(Number(line.rank_id)) ?? null,
      rowNr: line.row_nr,
      seatNr: line.seat_nr,
      priceName: line.price_name,
      amountCents: Number(line.amount_cents),
    });
    seatsByOrder.set(orderId, seats);
  }

  const told: Told[] = [];
  for (const order of orders) {
    told.push({
      at: order.atText,
      rank: RANK.orders,
      id: order.orderId,
      item: {
        kind: 'order',
        at: order.orderDate,
        key: `order-${order.orderId}`,
        orderId: order.orderId,
        orderKey: order.orderKey,
        channel: order.channel,
        orderStatus: order.orderStatus,
        paymentStatus: order.paymentStatus,
        paymentMethod: order.paymentMethod,
        amountCents: order.amountCents,
        seats: seatsByOrder.get(order.orderId) ?? [],
      },
    });
  }
  for (const entry of waiting) {
    told.push({
      at: entry.atText,
      rank: RANK['waiting-list'],
      id: entry.waitingId,
      item: {
        kind: 'waiting-list',
        at: entry.createdAt,
        key: `waiting-${entry.waitingId}`,
        waitingId: entry.waitingId,
        event: eventRef(entry.eventId),
        numberOfTickets: entry.numberOfTickets,
        type: entry.type,
        notifiedAt: entry.notifiedAt,
      },
    });
  }
  for (const entry of entries) {
    const named = entry.accountId === null ? undefined : names.get(entry.accountId);
    const person = { name: named?.name ?? null, email: entry.person };
    const details = entry.details ?? {};
    const base = { at: entry.at, key: `audit-${entry.id}`, person };
    // Changed before the customer was anonymised: what it changed is not told (see the contract's `erased`).
    const erased =
      anonymised !== null &&
      (entry.atText < anonymised.atText || (entry.atText === anonymised.atText && entry.id < anonymised.id));
    let item: StoryItem;
    if (entry.action === 'anonymise') {
      item = {
        ...base,
        kind: 'anonymised',
        fieldsCleared: asStrings(details.fieldsCleared),
        tagsRemoved: countOf(details.tagsRemoved),
        notesDeleted: countOf(details.notesDeleted),
      };
    } else if (entry.action === 'duplicate-merge') {
      const kept = details.role === 'kept';
      const other = kept ? details.otherCustomerId : details.keptCustomerId;
      item = {
        ...base,
        kind: 'merged',
        otherCustomerId: Number.isSafeInteger(other) ? (other as number) : 0,
        kept,
        copiedFields: erased ? [] : asStrings(details.copiedFields),
        addedTags: erased ? [] : asStrings(details.addedTags),
      };
    } else if (erased) {
      item =
        entry.action === 'customer-edit'
          ? { ...base, kind: 'edit', changes: [], erased }
          : entry.action === 'tags'
            ? { ...base, kind: 'tags', added: [], removed: [], automatic: null, erased }
            : { ...base, kind: 'flags', added: [], removed: [], erased };
    } else if (entry.action === 'customer-edit') {
      const changes = details.changes && typeof details.changes === 'object' ? details.changes : {};
      item = {
        ...base,
        kind: 'edit',
        changes: Object.entries(changes as Record<string, { old?: unknown; new?: unknown }>).map(([field, change]) => ({
          field,
          old: change?.old ?? null,
          new: change?.new ?? null,
        })),
        erased,
      };
    } else if (entry.action === 'tags') {
      const before = asStrings(details.before);
      const after = asStrings(details.after);
      item = {
        ...base,
        kind: 'tags',
        added: after.filter((tag) => !before.includes(tag)),
        removed: before.filter((tag) => !after.includes(tag)),
        automatic: autoTagOf(details.autoTag),
        erased,
      };
    } else {
      item = { ...base, kind: 'flags', added: asIds(details.added), removed: asIds(details.removed), erased };
    }
    told.push({ at: entry.atText, rank: RANK.audit, id: entry.id, item });
  }
  for (const note of notes) {
    told.push({
      at: note.atText,
      rank: RANK.notes,
      id: note.id,
      item: {
        kind: 'note',
        at: note.createdAt,
        key: `note-${note.id}`,
        noteId: note.id,
        text: note.text,
        author: note.author.name,
        editedAt: note.editedAt,
      },
    });
  }

  told.sort(newestFirst);
  const page = told.slice(0, pageSize);
  const last = page.at(-1);
  return {
    customerId,
    items: page.map((entry) => entry.item),
    next: told.length > pageSize && last ? encodeCursor({ at: last.at, rank: last.rank, id: last.id }) : null,
    totals: figures
      ? {
          orders: figures.orders,
          tickets: figures.tickets,
          amountCents: figures.amountCents,
          firstPurchaseAt: figures.firstOrderAt,
          lastPurchaseAt: figures.lastOrderAt,
        }
      : null,
  };
}

/** The segment an automatic tag change came from, as its audit entry names it (customer-job-runner.ts). */
function autoTagOf(value: unknown): { segmentId: number; segmentName: string } | null {
  if (!value || typeof value !== 'object') return null;
  const { segmentId, segmentName } = value as Record<string, unknown>;
  return typeof segmentId === 'number'
    ? { segmentId, segmentName: typeof segmentName === 'string' ? segmentName : '' }
    : null;
}
