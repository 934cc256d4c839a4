import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import pino from 'pino';
import type { Customer } from '../../contract/customer';
import { DRAFT_KEY_FIELDS, LIKELY_DUPLICATES_MAX } from '../../contract/likely-duplicates';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { draftMatches } from '../gateway/duplicates/duplicate-pairs-store';
import { upsertCustomers } from '../gateway/mirror';
import { embeddedService } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { CITIES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, STREETS } from '../service/db/seed/names';
import { Prng } from '../service/db/seed/prng';
import { cpuSeconds, loadAverage, onOwnPostgres, printVerdicts, verdict } from './bench-run';
import { percentile } from './stats';

/**
 * `npm run bench:duplicates` (issue 30, item 6): the duplicate scan over BENCH_CUSTOMERS (default 1,000,000)
 * customers in the mirror, with planted duplicates of each kind (the truth is known), on PGlite and PostgreSQL
 * (BENCH_DATABASE=pglite|postgres for one).
 * - The population: Dutch names, zips and house numbers, unique emails at a few providers, mobile and landline
 *   numbers in national and international form; households (a second person at one address, same last name,
 *   often the same landline) as look-alikes that are NOT duplicates.
 * - Planted duplicates (2 % of the population, a quarter of each kind): the same email but for case, Gmail dots
 *   or a +suffix; the same phone in another form under a nickname or typo; the same name and zip with another
 *   house number; a close name (one letter off) at the same address — each otherwise with other details.
 * - Full scan ≤ 60 s; then a sync of BENCH_CHANGED (default 300) changed customers, 50 of them made into new
 *   duplicates, and the incremental scan ≤ 2 s; precision of the top 100 pairs ≥ 95 %, recall ≥ 90 %.
 * - The customer form's warning before a customer is created: BENCH_DRAFTS (default 300) planted duplicates'
 *   records typed as drafts; their twin named in ≥ 90 %, the answer's p95 ≤ 50 ms (it is asked as someone types).
 * - A million customers take long to fill, so a filled database can be kept: BENCH_POSTGRES_URL (a database of a
 *   server of your own) and BENCH_PGLITE_DIR (a PGlite directory) are filled on the first run; a later run puts
 *   back the records the last run's sync changed and measures again.
 */

const log = pino({ level: 'warn' });
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 300);
/** Drafts checked as the customer form checks one before it creates a customer. */
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 300);
/** The form asks as someone types: its answer within this, at the 95th percentile. */
const DRAFT_P95_BUDGET_MS = 50;
const PLANTED_SHARE = 0.02;
const HOUSEHOLD_SHARE = 0.03;
const FILL_BATCH = 5_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Kind = 'email' | 'phone' | 'name_zip' | 'name_address';
const KINDS: Kind[] = ['email', 'phone', 'name_zip', 'name_address'];
const DOMAINS = ['gmail.com', 'ziggo.nl', 'kpnmail.nl', 'hotmail.com', 'outlook.com', 'xs4all.nl'];
const LETTERS = 'ABCDEFGHJKLMNPRSTVWXZ';

const pairKey = (a: number, b: number) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** The population and its truth: the planted pairs by kind. */
class Population {
  readonly rng = new Prng(30_6);
  readonly customers: Customer[] = [];
  readonly truth = new Map<string, Kind>();
  #nextId = 1;

  nextId(): number {
    return this.#nextId++;
  }

  person(id: number): Customer {
    const { rng } = this;
    const female = rng.chance(0.5);
    const first = female ? rng.pick(FIRST_NAMES_F) : rng.pick(FIRST_NAMES_M);
    const [preposition, last] = rng.pick(LAST_NAMES) as readonly [string, string];
    const [city, zipPrefix, areaCode] = rng.pick(CITIES) as readonly [string, string, string];
    const houseNr = String(rng.int(1, 240));
    const mobile = rng.chance(0.6);
    const national = mobile
      ? `06${rng.int(10_000_000, 99_999_999)}`
      : `${areaCode}${String(rng.int(1_000_000, 9_999_999)).slice(0, 10 - areaCode.length)}`;
    return {
      customerId: id,
      customerExternalId: null,
      email: `${ascii(first)}.${ascii(preposition + last)}${id}@${rng.pick(DOMAINS)}`,
      customerSalutation: female ? 'V' : 'M',
      customerFirstName: first,
      customerLastName: last,
      customerPreposition: preposition,
      customerAddress: `${rng.pick(STREETS)} ${houseNr}`,
      customerHouseNr: houseNr,
      customerZip: `${zipPrefix.slice(0, 2)}${rng.int(10, 99)} ${rng.pick([...LETTERS])}${rng.pick([...LETTERS])}`,
      customerCity: city,
      customerCountry: 'NL',
      customerPhone: rng.chance(0.08) ? '' : rng.chance(0.2) ? `+31${national.slice(1)}` : national,
      customerCredit: '0.00',
      customerCustom1: null,
      customerCustom2: null,
      customerCustom3: null,
      customerCustom4: null,
      customerCustom5: null,
      customerCustom6: null,
      customerCustom7: null,
      customerPrefs: null,
      lastChanged: new Date(Date.UTC(2025, 0, 1) + rng.int(0, 600) * 86_400_000).toISOString(),
      customerTags: null,
    };
  }

  /** One letter of the first name changed, doubled or dropped (a typing slip). */
  typo(name: string): string {
    const { rng } = this;
    if (name.length < 4) return `${name}${name.at(-1)}`;
    const at = rng.int(1, name.length - 2);
    const way = rng.int(0, 2);
    if (way === 0) return name.slice(0, at) + name.slice(at + 1);
    if (way === 1) return name.slice(0, at) + (name[at] ?? '') + name.slice(at);
    return name.slice(0, at) + rng.pick([...'aeiou']) + name.slice(at + 1);
  }

  /** A second record of `original`, of `kind`: only that kind's signal survives; the rest is other. */
  duplicate(original: Customer, kind: Kind, id: number): Customer {
    const { rng } = this;
    const fresh = this.person(id);
    const copy: Customer = { ...fresh, customerFirstName: original.customerFirstName };
    copy.customerLastName = original.customerLastName;
    copy.customerPreposition = original.customerPreposition;
    if (kind === 'email') {
      const [local = '', domain = ''] = original.email.split('@');
      const variant = rng.int(0, 2);
      copy.email =
        variant === 0
          ? original.email.toUpperCase()
          : variant === 1
            ? `${local}+tickets@${domain}`
            : `${local.replace('.', '')}@gmail.com`;
      if (variant === 2) original.email = `${local}@gmail.com`;
      copy.customerPhone = '';
    } else if (kind === 'phone') {
      const digits = original.customerPhone.replace(/^\+31/, '0');
      copy.customerPhone = digits.startsWith('0') && rng.chance(0.5) ? `+31${digits.slice(1)}` : digits;
      copy.customerFirstName = rng.chance(0.5) ? this.typo(original.customerFirstName) : original.customerFirstName;
    } else if (kind === 'name_zip') {
      copy.customerFirstName = original.customerFirstName.toLowerCase();
      copy.customerZip = original.customerZip.replace(' ', '').toLowerCase();
      copy.customerHouseNr = String(Number(original.customerHouseNr) + rng.int(1, 9));
      copy.customerAddress = `${rng.pick(STREETS)} ${copy.customerHouseNr}`;
      copy.customerPhone = '';
    } else {
      copy.customerFirstName = this.typo(original.customerFirstName);
      copy.customerZip = original.customerZip;
      copy.customerHouseNr = '';
      copy.customerAddress = `${original.customerAddress.replace(/\s\S+$/, '')} ${original.customerHouseNr}`;
      copy.customerPhone = '';
    }
    return copy;
  }

  /** A household member at `original`'s address: another person, the same last name, often the same landline. */
  housemate(original: Customer, id: number): Customer {
    const mate = this.person(id);
    let first = mate.customerFirstName;
    while (first === original.customerFirstName) first = this.person(0).customerFirstName;
    return {
      ...mate,
      customerFirstName: first,
      customerLastName: original.customerLastName,
      customerPreposition: original.customerPreposition,
      customerAddress: original.customerAddress,
      customerHouseNr: original.customerHouseNr,
      customerZip: original.customerZip,
      customerPhone: this.rng.chance(0.5) ? original.customerPhone : mate.customerPhone,
    };
  }

  build(count: number): void {
    const planted = Math.round(count * PLANTED_SHARE);
    const households = Math.round(count * HOUSEHOLD_SHARE);
    const base = count - planted - households;
    for (let i = 0; i < base; i++) this.customers.push(this.person(this.nextId()));
    for (let i = 0; i < households; i++) {
      const original = this.customers[this.rng.int(0, base - 1)] as Customer;
      this.customers.push(this.housemate(original, this.nextId()));
    }
    for (let i = 0; i < planted; i++) this.plant(KINDS[i % KINDS.length] as Kind, base);
  }

  /** A duplicate of a random customer among the first `among`, recorded in the truth. */
  plant(kind: Kind, among: number): Customer {
    let original = this.customers[this.rng.int(0, among - 1)] as Customer;
    while (kind === 'phone' && !original.customerPhone)
      original = this.customers[this.rng.int(0, among - 1)] as Customer;
    const copy = this.duplicate(original, kind, this.nextId());
    this.customers.push(copy);
    this.truth.set(pairKey(original.customerId, copy.customerId), kind);
    return copy;
  }
}

async function fill(db: Database, organisationId: number, customers: readonly Customer[]): Promise<void> {
  for (let start = 0; start < customers.length; start += FILL_BATCH) {
    await upsertCustomers(db, organisationId, customers.slice(start, start + FILL_BATCH));
  }
}

/** The organisation of a kept database filled by an earlier run, if any. */
async function keptOrganisation(db: Database): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `select o.id from gateway.organisations o where o.client_name = 'bench'
        and exists (select 1 from gateway.mirror_customers m where m.organisation_id = o.id)`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * A kept database: the records an earlier run's sync changed (stamped later than any of the population) back as
 * the population has them, and the scan marks cleared, so the run starts where a fresh fill would.
 */
async function putBackSynced(db: Database, organisationId: number, population: Population): Promise<void> {
  const latest = population.customers.reduce((max, c) => (c.lastChanged > max ? c.lastChanged : max), '');
  const { rows } = await db.query<{ customer_id: string }>(
    `delete from gateway.mirror_customers where organisation_id = $1 and last_changed > $2 returning customer_id`,
    [organisationId, latest],
  );
  const ids = new Set(rows.map((row) => Number(row.customer_id)));
  await fill(
    db,
    organisationId,
    population.customers.filter((c) => ids.has(c.customerId)),
  );
  await db.query('delete from gateway.duplicate_pairs where organisation_id = $1', [organisationId]);
  await db.query('delete from gateway.duplicate_scans where organisation_id = $1', [organisationId]);
}

async function bench(name: string, db: Database, postgresDataDir: string | null): Promise<string[]> {
  console.log(`\n${name}`);
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: 'bench-master-key-of-at-least-32-characters' },
    { db, service: embeddedService(new Hono()), log, seedDemo: false },
  );
  const population = new Population();
  population.build(CUSTOMERS);
  const kept = await keptOrganisation(db);
  const organisationId =
    kept ?? (await db.transaction((tx) => deps.organisations.connect(tx, 'bench', 'bench-partner-key-0123456789')));
  const filled = performance.now();
  if (kept === null) {
    await fill(db, organisationId, population.customers);
  } else {
    await putBackSynced(db, organisationId, population);
  }
  console.log(
    `  mirror ${kept === null ? 'filled' : 'kept from an earlier run'}: ${population.customers.length} customers (${population.truth.size} planted duplicates) in ${seconds(performance.now() - filled)}; ${loadAverage()}`,
  );

  const scanner = deps.duplicateScanner;
  const cpuBefore = await cpuSeconds(postgresDataDir);
  const full = await scanner.fullScan(organisationId);
  if (!full) throw new Error('the full scan did not take its lease');
  const fullCpu = (await cpuSeconds(postgresDataDir)) - cpuBefore;
  console.log(
    `  full scan: ${seconds(full.ms)}, CPU ${fullCpu.toFixed(1)} s — ${full.compared} customers compared, ${full.pairs} pairs; ${loadAverage()}`,
  );

  // A sync of CHANGED customers: most get a new phone or city, 50 become duplicates of others.
  const { rng } = population;
  const changed: Customer[] = [];
  const newTruth = new Map<string, Kind>();
  const later = new Date().toISOString();
  const planted = Math.min(50, CHANGED);
  for (let i = 0; i < CHANGED; i++) {
    const target = population.customers[rng.int(0, population.customers.length - 1)] as Customer;
    if (i < planted) {
      const kind = KINDS[i % KINDS.length] as Kind;
      const original = population.customers[rng.int(0, population.customers.length - 1)] as Customer;
      if (original.customerId === target.customerId || (kind === 'phone' && !original.customerPhone)) continue;
      const copy = { ...population.duplicate(original, kind, target.customerId), lastChanged: later };
      changed.push(copy, { ...original, lastChanged: later });
      newTruth.set(pairKey(original.customerId, copy.customerId), kind);
    } else {
      changed.push({ ...target, customerCity: 'Zwolle', lastChanged: later });
    }
  }
  const synced = performance.now();
  await fill(db, organisationId, changed);
  console.log(
    `  the sync's write of ${changed.length} changed records (the mirror keys them): ${(performance.now() - synced).toFixed(0)} ms`,
  );
  const cpuBeforeIncremental = await cpuSeconds(postgresDataDir);
  const incremental = await scanner.incrementalScan(organisationId);
  if (!incremental) throw new Error('the incremental scan did not take its lease');
  const incrementalCpu = (await cpuSeconds(postgresDataDir)) - cpuBeforeIncremental;
  console.log(
    `  incremental scan after a sync of ${changed.length} changed records: ${incremental.ms.toFixed(0)} ms, CPU ${(incrementalCpu * 1000).toFixed(0)} ms — ${incremental.compared} compared, ${incremental.pairs} pairs written`,
  );

  // The truth after the sync: a changed customer's planted pair may be gone (it became someone else).
  const truth = new Map(population.truth);
  const changedIds = new Set(changed.map((c) => c.customerId));
  for (const key of truth.keys()) {
    const [a, b] = key.split('|').map(Number) as [number, number];
    if (changedIds.has(a) || changedIds.has(b)) truth.delete(key);
  }
  for (const [key, kind] of newTruth) truth.set(key, kind);

  const { rows } = await db.query<{ a: string; b: string; score: number }>(
    `select customer_a as a, customer_b as b, score from gateway.duplicate_pairs
      where organisation_id = $1 and state = 'open' order by score desc, customer_a, customer_b`,
    [organisationId],
  );
  const found = new Set(rows.map((row) => `${row.a}|${row.b}`));
  const top = rows.slice(0, 100);
  const precisionTop = top.filter((row) => truth.has(`${row.a}|${row.b}`)).length / Math.max(1, top.length);
  const precisionAll = rows.filter((row) => truth.has(`${row.a}|${row.b}`)).length / Math.max(1, rows.length);
  const recallBy = KINDS.map((kind) => {
    const ofKind = [...truth].filter(([, k]) => k === kind);
    const hit = ofKind.filter(([key]) => found.has(key)).length;
    return `${kind} ${((hit / Math.max(1, ofKind.length)) * 100).toFixed(1)} %`;
  });
  const recall = [...truth.keys()].filter((key) => found.has(key)).length / Math.max(1, truth.size);
  const newFound = [...newTruth.keys()].filter((key) => found.has(key)).length;
  console.log(
    `  pairs proposed: ${rows.length}; precision of the top 100 ${(precisionTop * 100).toFixed(1)} %, of all ${(precisionAll * 100).toFixed(1)} %`,
  );
  console.log(
    `  recall ${(recall * 100).toFixed(1)} % of ${truth.size} planted pairs (${recallBy.join(', ')}); the sync's new duplicates found: ${newFound}/${newTruth.size}`,
  );
  // The customer form's warning: the record of a planted duplicate typed as a new customer (its twin is in the
  // mirror); each draft is its own record, which it also matches, so the twin is looked for among the others.
  const byId = new Map(population.customers.map((customer) => [customer.customerId, customer]));
  const draftTimes: number[] = [];
  let twinsNamed = 0;
  for (const key of [...truth.keys()].slice(0, DRAFTS)) {
    const [twin, typed] = key.split('|').map(Number) as [number, number];
    const record = byId.get(typed);
    if (!record) continue;
    const draft = Object.fromEntries(DRAFT_KEY_FIELDS.map((field) => [field, record[field] ?? '']));
    const started = performance.now();
    const matches = await draftMatches(db, organisationId, draft, LIKELY_DUPLICATES_MAX + 1);
    draftTimes.push(performance.now() - started);
    if (matches.some((match) => match.customerId === twin)) twinsNamed++;
  }
  const draftP95 = percentile(draftTimes, 95);
  console.log(
    `  a new customer's likely duplicates (the form's warning), ${draftTimes.length} drafts: p50 ${percentile(draftTimes, 50).toFixed(1)} ms, p95 ${draftP95.toFixed(1)} ms; the twin named for ${twinsNamed}; ${loadAverage()}`,
  );

  // A full scan again, as "scan again" runs it: a second sample of the full scan.
  const again = await scanner.fullScan(organisationId);
  if (again) console.log(`  full scan again: ${seconds(again.ms)}; ${loadAverage()}`);
  return [
    `${name}, ${population.customers.length} customers: full scan ${seconds(full.ms)} (CPU ${fullCpu.toFixed(1)} s) → ${verdict(full.ms <= 60_000)} (≤ 60 s); incremental ${incremental.ms.toFixed(0)} ms (CPU ${(incrementalCpu * 1000).toFixed(0)} ms) → ${verdict(incremental.ms <= 2000)} (≤ 2 s)`,
    `${name}: a new customer's likely duplicates p95 ${draftP95.toFixed(1)} ms → ${verdict(draftP95 <= DRAFT_P95_BUDGET_MS)} (≤ ${DRAFT_P95_BUDGET_MS} ms); twin named ${((twinsNamed / Math.max(1, draftTimes.length)) * 100).toFixed(1)} % → ${verdict(twinsNamed >= 0.9 * draftTimes.length)} (≥ 90 %)`,
    `${name}: precision top 100 ${(precisionTop * 100).toFixed(1)} % → ${verdict(precisionTop >= 0.95)} (≥ 95 %); recall ${(recall * 100).toFixed(1)} % → ${verdict(recall >= 0.9)} (≥ 90 %)`,
  ];
}

async function main(): Promise<void> {
  console.log(`Duplicate scan benchmark (issue 30, item 6), ${CUSTOMERS} customers. Before: ${loadAverage()}`);
  const verdicts: string[] = [];
  const only = process.env.BENCH_DATABASE;
  if (only !== 'postgres') {
    const keptDir = process.env.BENCH_PGLITE_DIR;
    const dataDir = keptDir ?? (await mkdtemp(join(tmpdir(), 'foyer-duplicate-bench-')));
    try {
      const db = await connectDatabase({ dataDir });
      verdicts.push(...(await bench('PGlite', db, null)));
      await db.close();
    } finally {
      if (!keptDir) await rm(dataDir, { recursive: true, force: true });
    }
  }
  const keptPostgres = process.env.BENCH_POSTGRES_URL;
  if (only !== 'pglite' && keptPostgres) {
    const db = await connectDatabase({ databaseUrl: keptPostgres, poolSize: 4 });
    const { rows } = await db.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    verdicts.push(...(await bench('PostgreSQL', db, rows[0]?.dir ?? null)));
    await db.close();
  } else if (only !== 'pglite') {
    const onPostgres = await onOwnPostgres('foyer_duplicate_bench', { durable: true }, async (url, server) => {
      const db = await connectDatabase({ databaseUrl: url, poolSize: 4 });
      const figures = await bench('PostgreSQL', db, server.dataDir);
      await db.close();
      return figures;
    });
    verdicts.push(...onPostgres);
  }
  printVerdicts(verdicts, loadAverage());
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
