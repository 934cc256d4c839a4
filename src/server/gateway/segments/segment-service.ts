import Papa from 'papaparse';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import {
  SEGMENT_PREVIEW_PAGE_SIZE,
  type Segment,
  type SegmentChoices,
  type SegmentCount,
  type SegmentInput,
  type SegmentPreview,
  type SegmentRule,
} from '@/contract/segments';
import type { Database, Queryable } from '../../db/database';
import { refusal } from '../access';
import type { RequestAuditEntry } from '../audit';
import { accountNames } from '../auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { Principal } from '../principal';
import type { UpstreamClient } from '../upstream';
import { needsEvents, type SegmentEvents } from './segment-events';
import { membersInMemory, type SegmentFactsDirectories } from './segment-facts-directory';
import * as store from './segment-store';

/** Who asks: the person, their upstream client (the service's events and tags), their request's audit entry. */
export interface SegmentRequester {
  principal: Principal;
  upstream(): UpstreamClient;
  audit(db: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/** A segment's members as a CSV file being streamed. */
export interface SegmentExport {
  fileName: string;
  members: number;
  body: ReadableStream<Uint8Array>;
}

type AuditValue = NonNullable<RequestAuditEntry['details']>[string];
/** The rule as the audit entry keeps it (plain JSON). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as AuditValue;

/** Members read per statement while an export streams. */
const EXPORT_CHUNK = 1000;

const EXPORT_COLUMNS = [
  'customerId',
  'email',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
  'customerAddress',
  'customerZip',
  'customerCity',
  'customerCountry',
  'customerPhone',
  'customerTags',
  'orders',
  'amount',
  'lastPurchase',
] as const;

/** A name as a file name: letters, digits and dashes. */
const fileSlug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'segment';

/** An amount as a Dutch spreadsheet reads it (the exports page's semicolon rule): `12.5` → `12,50`. */
const decimalComma = (amount: number) => amount.toFixed(2).replace('.', ',');

/**
 * Segments: saved rules shared within the organisation, counts and previews of rules being edited, and CSV
 * exports of the members (the exports page's rules: UTF-8 with BOM, formula-safe cells, comma or semicolon
 * with decimal commas, streamed, audited). Saves, deletes and exports are recorded in the audit trail.
 */
export class SegmentService {
  constructor(
    private readonly db: Database,
    private readonly events: SegmentEvents,
    private readonly facts: SegmentFactsDirectories,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list({ principal }: SegmentRequester): Promise<Segment[]> {
    return this.#named(await store.listSegments(this.db, principal.organisationId));
  }

  async get({ principal }: SegmentRequester, id: number): Promise<Segment> {
    const [segment] = await this.#named([await this.#stored(principal, id)]);
    return segment as Segment;
  }

  async create(who: SegmentRequester, input: SegmentInput): Promise<Segment> {
    const { principal } = who;
    const id = await this.db.transaction(async (tx) => {
      await this.#requireFreeName(tx, principal, input.name, null);
      const created = await store.insertSegment(tx, principal.organisationId, input, principal.accountId);
      await who.audit(tx, {
        action: 'segment',
        status: 201,
        details: { op: 'create', segmentId: created, name: input.name, rule: asJson(input.rule) },
      });
      return created;
    });
    return this.get(who, id);
  }

  async update(who: SegmentRequester, id: number, input: SegmentInput): Promise<Segment> {
    const { principal } = who;
    await this.db.transaction(async (tx) => {
      await this.#requireFreeName(tx, principal, input.name, id);
      if (!(await store.updateSegment(tx, principal.organisationId, id, input, principal.accountId))) {
        throw new NotFoundError('No such segment');
      }
      await who.audit(tx, {
        action: 'segment',
        status: 200,
        details: { op: 'update', segmentId: id, name: input.name, rule: asJson(input.rule) },
      });
    });
    return this.get(who, id);
  }

  async delete(who: SegmentRequester, id: number): Promise<void> {
    const { principal } = who;
    await this.db.transaction(async (tx) => {
      const segment = await store.findSegment(tx, principal.organisationId, id);
      if (!segment || !(await store.deleteSegment(tx, principal.organisationId, id))) {
        throw new NotFoundError('No such segment');
      }
      await who.audit(tx, {
        action: 'segment',
        status: 204,
        details: { op: 'delete', segmentId: id, name: segment.name },
      });
    });
  }

  /** How many customers a rule holds now. */
  async count(who: SegmentRequester, rule: SegmentRule): Promise<SegmentCount> {
    await this.#eventsFor(who, rule);
    const started = performance.now();
    const organisationId = who.principal.organisationId;
    const inMemory = await this.#membersInMemory(organisationId, rule);
    const count = inMemory
      ? inMemory.members.length
      : await store.countMembers(this.db, organisationId, rule, this.#today());
    return { count, tookMs: Math.round(performance.now() - started) };
  }

  /**
   * The rule's members counted over this process's copy of the facts (segment-facts-directory.ts), once it has read
   * them; null until then (the caller counts with a statement). The counts and previews people wait for while they
   * build a rule; the exports and the customer jobs read the members with a statement (segmentMemberIds).
   */
  #membersInMemory(organisationId: number, rule: SegmentRule) {
    return membersInMemory(this.db, this.facts, organisationId, rule, this.#today());
  }

  async countSaved(who: SegmentRequester, id: number): Promise<SegmentCount> {
    return this.count(who, (await this.#stored(who.principal, id)).rule);
  }

  /** A page of a rule's members with their totals. */
  async preview(who: SegmentRequester, rule: SegmentRule, page: number): Promise<SegmentPreview> {
    await this.#eventsFor(who, rule);
    const pageSize = SEGMENT_PREVIEW_PAGE_SIZE;
    const organisationId = who.principal.organisationId;
    const wanted = { offset: (page - 1) * pageSize, limit: pageSize + 1 };
    const inMemory = await this.#membersInMemory(organisationId, rule);
    const rows = inMemory
      ? await store.membersWithIds(this.db, organisationId, inMemory.directory.pageOf(inMemory.members, wanted))
      : await store.memberPage(this.db, organisationId, rule, this.#today(), wanted);
    const members = rows.slice(0, pageSize).map(({ body: _body, ...member }) => member);
    return { members, page, pageSize, hasMore: rows.length > pageSize };
  }

  async previewSaved(who: SegmentRequester, id: number, page: number): Promise<SegmentPreview> {
    return this.preview(who, (await this.#stored(who.principal, id)).rule, page);
  }

  /** What the builder's pickers offer: the service's tags and productions, the mirror's price names. */
  async choices(who: SegmentRequester): Promise<SegmentChoices> {
    const upstream = who.upstream();
    await this.events.refresh(upstream);
    const [tags, events, mirrored] = await Promise.all([
      upstream.read('GET', '/partner/export/clienttypes'),
      store.eventChoices(this.db, upstream.organisationId),
      store.priceNames(this.db, upstream.organisationId),
    ]);
    const tagList = Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
    return { tags: tagList, ...events, priceNames: mirrored };
  }

  /**
   * A saved segment's members as CSV, streamed in chunks; needs customers:read as well (the customer list's
   * own export permission). The members are fixed when the export starts (one statement), and audited then.
   */
  async export(who: SegmentRequester, id: number, delimiter: 'comma' | 'semicolon'): Promise<SegmentExport> {
    const { principal } = who;
    if (!principal.permissions.includes('customers:read')) {
      throw new ForbiddenError(refusal('customers:read', principal));
    }
    const segment = await this.#stored(principal, id);
    await this.#eventsFor(who, segment.rule);
    const ids = await store.memberIds(this.db, principal.organisationId, segment.rule, this.#today());
    await who.audit(this.db, {
      action: 'segment-export',
      status: 200,
      details: { segmentId: id, name: segment.name, members: ids.length, delimiter },
    });
    const fileName = `${principal.clientName}-segment-${fileSlug(segment.name)}-${this.#today()}.csv`;
    return { fileName, members: ids.length, body: this.#csv(principal.organisationId, ids, delimiter) };
  }

  #csv(organisationId: number, ids: number[], delimiter: 'comma' | 'semicolon'): ReadableStream<Uint8Array> {
    const config = { ...CSV_UNPARSE_OPTIONS, delimiter: delimiter === 'semicolon' ? ';' : ',' };
    const money = delimiter === 'semicolon' ? decimalComma : (amount: number) => amount.toFixed(2);
    const bytes = new TextEncoder();
    const db = this.db;
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.encode(`${UTF8_BOM}${Papa.unparse([[...EXPORT_COLUMNS]], config)}${CSV_NEWLINE}`));
      },
      async pull(controller) {
        if (offset >= ids.length) {
          controller.close();
          return;
        }
        const chunk = ids.slice(offset, offset + EXPORT_CHUNK);
        offset += EXPORT_CHUNK;
        const members = await store.membersByIds(db, organisationId, chunk);
        const data = members.map((member) => [
          member.customerId,
          member.email,
          member.body.customerFirstName ?? '',
          member.body.customerPreposition ?? '',
          member.body.customerLastName ?? '',
          member.body.customerAddress ?? '',
          member.body.customerZip ?? '',
          member.city,
          member.body.customerCountry ?? '',
          member.body.customerPhone ?? '',
          member.tags.join(','),
          member.orders,
          money(member.amount),
          member.lastPurchase ?? '',
        ]);
        if (data.length > 0) {
          const text = Papa.unparse({ fields: [...EXPORT_COLUMNS], data }, { ...config, header: false });
          controller.enqueue(bytes.encode(`${text}${CSV_NEWLINE}`));
        }
      },
    });
  }

  #today(): string {
    return store.todayOf(this.now());
  }

  /** A rule naming productions or event types counts with the service's current events. */
  async #eventsFor(who: SegmentRequester, rule: SegmentRule): Promise<void> {
    if (needsEvents(rule)) await this.events.refresh(who.upstream());
  }

  async #stored(principal: Principal, id: number): Promise<store.StoredSegment> {
    const segment = await store.findSegment(this.db, principal.organisationId, id);
    if (!segment) throw new NotFoundError('No such segment');
    return segment;
  }

  async #requireFreeName(tx: Queryable, principal: Principal, name: string, except: number | null) {
    if (await store.nameTaken(tx, principal.organisationId, name, except)) {
      throw new ConflictError('Another segment has this name.', {
        errors: { name: ['Another segment has this name'] },
      });
    }
  }

  async #named(segments: store.StoredSegment[]): Promise<Segment[]> {
    const names = await accountNames(
      this.db,
      segments.flatMap((segment) => [segment.createdBy, segment.updatedBy]).filter((id): id is number => id !== null),
    );
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id)?.name ?? null));
    return segments.map((segment) => ({
      id: segment.id,
      name: segment.name,
      description: segment.description,
      rule: segment.rule,
      owner: nameOf(segment.createdBy),
      createdAt: segment.createdAt,
      updatedBy: nameOf(segment.updatedBy),
      updatedAt: segment.updatedAt,
    }));
  }
}
