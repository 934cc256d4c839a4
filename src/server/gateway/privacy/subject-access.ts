import pLimit from 'p-limit';
import type { PackageAuditEntry, PackageEvent, PackageOrder, SubjectAccessPackage } from '@/contract/privacy';
import type { Queryable } from '../../db/database';
import { type AuditEntry, entriesAboutCustomer } from '../audit';
import { readCustomFieldNames } from '../custom-fields';
import { NotFoundError } from '../errors';
import { ordersOfCustomer, waitingListOfCustomer } from '../mirror';
import type { UpstreamClient } from '../upstream';
import { serviceCustomer, tagsOf } from './anonymise';
import { deskNotesOf } from './desk-notes';

/** Most audit entries a package lists (a customer with more has been edited daily for decades). */
const AUDIT_ENTRIES_MAX = 10_000;

const euros = (cents: number) => cents / 100;

function auditEntryOf(entry: AuditEntry): PackageAuditEntry {
  return {
    id: entry.id,
    at: entry.at,
    person: entry.person,
    action: entry.action,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    details: entry.details,
  };
}

/**
 * Everything Foyer and the service hold on one customer: the record as the service holds it now (read
 * fresh, not the mirror's copy, which may be a sync behind), their tags, orders with seats and waiting-list
 * entries from the mirror (the interface has no per-customer reads of those), Foyer's desk notes and flags, and
 * the audit entries that name them.
 */
export async function subjectAccessPackage(
  db: Queryable,
  upstream: UpstreamClient,
  request: { customerId: number; requestedBy: string },
): Promise<SubjectAccessPackage> {
  const { customerId } = request;
  const organisationId = upstream.organisationId;
  const customer = await serviceCustomer(upstream, customerId);
  if (!customer) throw new NotFoundError('No such customer');
  const [customFieldNames, orders, waitingList, { notes, flags }, audit] = await Promise.all([
    readCustomFieldNames(db, organisationId),
    ordersOfCustomer(db, organisationId, customerId),
    waitingListOfCustomer(db, organisationId, customerId),
    deskNotesOf(db, organisationId, customerId),
    entriesAboutCustomer(db, organisationId, customerId, AUDIT_ENTRIES_MAX),
  ]);
  const eventIds = new Set([
    ...orders.flatMap((order) => order.lines.map((line) => line.eventId)),
    ...waitingList.map((entry) => entry.eventId),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    organisation: upstream.clientName,
    requestedBy: request.requestedBy,
    customer,
    customFieldNames,
    tags: tagsOf(customer),
    orders: orders.map(
      (order): PackageOrder => ({
        orderId: order.orderId,
        orderKey: order.orderKey,
        orderStatus: order.orderStatus,
        paymentStatus: order.paymentStatus,
        channel: order.channel,
        paymentMethod: order.paymentMethod,
        orderDate: order.orderDate,
        lastChanged: order.lastChanged,
        amount: euros(order.amountCents),
        seats: order.lines.map((line) => ({
          eventId: line.eventId,
          rowNr: line.rowNr,
          seatNr: line.seatNr,
          priceName: line.priceName,
          amount: euros(line.amountCents),
          removed: line.deleted,
        })),
      }),
    ),
    waitingList,
    events: await namedEvents(upstream, [...eventIds]),
    notes,
    flags,
    auditEntries: audit.map(auditEntryOf),
  };
}

/**
 * The performances named, a read each (a few at once): the letter says "Mahler en de Zee, 25 nov 2026", not
 * "Voorstelling 108". One the service cannot name stays unnamed; the package is not refused for it.
 */
async function namedEvents(upstream: UpstreamClient, eventIds: readonly number[]): Promise<PackageEvent[]> {
  return pLimit(4).map(
    [...eventIds].sort((a, b) => a - b),
    async (eventId) => {
      const event = await upstream.read('GET', `/partner/event/${eventId}`, { missing: 'null' }).catch(() => null);
      const fields = event && typeof event === 'object' ? (event as Record<string, unknown>) : {};
      return {
        eventId,
        name: typeof fields.eventName === 'string' ? fields.eventName : null,
        start: typeof fields.start === 'string' ? fields.start : null,
      };
    },
  );
}
