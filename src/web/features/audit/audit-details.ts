import type { Locale } from '../../lib/format';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { Localized } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';

/**
 * The trail's details in the reader's words: the gateway records keys and values as the code names them
 * ("openingFloatCents: 15000", a role's old and new settings as JSON), and a walkthrough read them raw. Known keys
 * get their name, amounts in cents read as money, times as times, yes/no as words, lists as lists, and an old and a
 * new setting as what changed between them. Anything else is shown as recorded: the trail never hides a value it
 * cannot name.
 */

const DETAIL_NAMES: Readonly<Record<string, Localized>> = {
  method: { nl: 'Aanmeldwijze', en: 'Sign-in method' },
  reason: { nl: 'Reden', en: 'Reason' },
  reasons: { nl: 'Redenen', en: 'Reasons' },
  change: { nl: 'Wijziging', en: 'Change' },
  op: { nl: 'Wijziging', en: 'Change' },
  event: { nl: 'Gebeurtenis', en: 'Event' },
  name: { nl: 'Naam', en: 'Name' },
  email: { nl: 'E-mailadres', en: 'Email' },
  role: { nl: 'Rol', en: 'Role' },
  roleId: { nl: 'Rol-nr.', en: 'Role no.' },
  accountId: { nl: 'Account-nr.', en: 'Account no.' },
  key: { nl: 'Sleutel', en: 'Key' },
  permissions: { nl: 'Rechten', en: 'Permissions' },
  requireTotp: { nl: 'Tweestapsaanmelding verplicht', en: 'Two-step sign-in required' },
  idleMinutes: { nl: 'Afmelden na inactiviteit (min.)', en: 'Sign out after inactivity (min.)' },
  absoluteMinutes: { nl: 'Afmelden na (min.)', en: 'Sign out after (min.)' },
  disabled: { nl: 'Uitgeschakeld', en: 'Disabled' },
  desk: { nl: 'Balie', en: 'Desk' },
  deskName: { nl: 'Balie', en: 'Desk' },
  shiftId: { nl: 'Dienst-nr.', en: 'Shift no.' },
  timeZone: { nl: 'Tijdzone', en: 'Time zone' },
  salesPointId: { nl: 'Kassapunt-nr.', en: 'Sales point no.' },
  displayId: { nl: 'Scherm-nr.', en: 'Screen no.' },
  address: { nl: 'Adres', en: 'Address' },
  segmentId: { nl: 'Segment-nr.', en: 'Segment no.' },
  rule: { nl: 'Regel', en: 'Rule' },
  members: { nl: 'Leden', en: 'Members' },
  jobId: { nl: 'Taak-nr.', en: 'Job no.' },
  kind: { nl: 'Soort', en: 'Kind' },
  tag: { nl: 'Tag', en: 'Tag' },
  tags: { nl: 'Tags', en: 'Tags' },
  addedTags: { nl: 'Tags toegevoegd', en: 'Tags added' },
  tagsRemoved: { nl: 'Tags verwijderd', en: 'Tags removed' },
  customers: { nl: 'Klanten', en: 'Customers' },
  customerIds: { nl: 'Klanten', en: 'Customers' },
  orderIds: { nl: 'Bestellingen', en: 'Orders' },
  otherCustomerId: { nl: 'Andere klant', en: 'Other customer' },
  keptCustomerId: { nl: 'Bewaarde klant', en: 'Kept customer' },
  note: { nl: 'Notitie', en: 'Note' },
  noteId: { nl: 'Notitie-nr.', en: 'Note no.' },
  fileId: { nl: 'Bestand-nr.', en: 'File no.' },
  fileName: { nl: 'Bestand', en: 'File' },
  format: { nl: 'Formaat', en: 'Format' },
  rows: { nl: 'Regels', en: 'Rows' },
  delimiter: { nl: 'Scheidingsteken', en: 'Delimiter' },
  scheduleId: { nl: 'Planning-nr.', en: 'Schedule no.' },
  productionId: { nl: 'Productie-nr.', en: 'Production no.' },
  printNumber: { nl: 'Afdruk', en: 'Print' },
  printJobId: { nl: 'Afdrukopdracht-nr.', en: 'Print job no.' },
  reprint: { nl: 'Herdruk', en: 'Reprint' },
  documents: { nl: 'Documenten', en: 'Documents' },
  layout: { nl: 'Opmaak', en: 'Layout' },
  opensDrawer: { nl: 'Lade geopend', en: 'Drawer opened' },
  openingFloatCents: { nl: 'Beginkas', en: 'Opening float' },
  countedCashCents: { nl: 'Contant geteld', en: 'Cash counted' },
  countedCardCents: { nl: 'Pin geteld', en: 'Card counted' },
  expectedCashCents: { nl: 'Contant verwacht', en: 'Cash expected' },
  expectedCardCents: { nl: 'Pin verwacht', en: 'Card expected' },
  differenceCents: { nl: 'Verschil', en: 'Difference' },
  cashCents: { nl: 'Contant', en: 'Cash' },
  cardCents: { nl: 'Pin', en: 'Card' },
  receivedCents: { nl: 'Ontvangen', en: 'Received' },
  expiresAt: { nl: 'Verloopt', en: 'Expires' },
  createdAt: { nl: 'Gemaakt', en: 'Created' },
  retentionYears: { nl: 'Bewaartermijn (jaren)', en: 'Retention (years)' },
  score: { nl: 'Score', en: 'Score' },
  total: { nl: 'Totaal', en: 'Total' },
  source: { nl: 'Bron', en: 'Source' },
  // Exports, their schedules and the pages a list reads (exports/, audit/forward-audit.ts).
  page: { nl: 'Pagina', en: 'Page' },
  records: { nl: 'Records', en: 'Records' },
  incremental: { nl: 'Alleen wijzigingen', en: 'Changes only' },
  changedSince: { nl: 'Gewijzigd sinds', en: 'Changed since' },
  mode: { nl: 'Omvang', en: 'Extent' },
  enabled: { nl: 'Actief', en: 'Active' },
  timeOfDay: { nl: 'Tijdstip', en: 'Time of day' },
  runId: { nl: 'Export-nr.', en: 'Export no.' },
  stream: { nl: 'Reeks', en: 'Stream' },
  watermark: { nl: 'Watermerk', en: 'Watermark' },
  buyerContact: { nl: 'Contactgegevens kopers', en: 'Buyer contact details' },
  fileIds: { nl: 'Bestand-nrs.', en: 'File nos.' },
  fileNames: { nl: 'Bestanden', en: 'Files' },
  language: { nl: 'Taal', en: 'Language' },
};

/** What an export holds (src/contract/exports.ts' kinds and page streams), shared by `kind` and `stream`. */
const EXPORT_KIND_WORDS: Readonly<Record<string, Localized>> = {
  customers: { nl: 'klanten', en: 'customers' },
  orders: { nl: 'bestellingen', en: 'orders' },
  'order-seats': { nl: 'stoelen van bestellingen', en: 'seats of orders' },
  waitinglist: { nl: 'wachtlijst', en: 'waiting list' },
  clienttypes: { nl: 'labels (klanttypen)', en: 'tags (client types)' },
  'production-sales': { nl: 'verkoop van een productie', en: 'sales of a production' },
};

const DETAIL_VALUES: Readonly<Record<string, Readonly<Record<string, Localized>>>> = {
  // The gateway's SignInMethod (server/gateway/principal.ts), and `totp` of a refused second step.
  method: {
    password: { nl: 'wachtwoord', en: 'password' },
    'password+totp': { nl: 'wachtwoord en code-app', en: 'password and authenticator app' },
    totp: { nl: 'code-app', en: 'authenticator app' },
    passkey: { nl: 'passkey', en: 'passkey' },
    invitation: { nl: 'uitnodigingslink', en: 'invitation link' },
    reset: { nl: 'herstellink', en: 'reset link' },
    setup: { nl: 'eerste inrichting', en: 'first setup' },
    sso: { nl: 'single sign-on', en: 'single sign-on' },
  },
  // Why a sign-in was refused (auth/sign-in-service.ts, auth/passkey-service.ts).
  reason: {
    'wrong password': { nl: 'onjuist wachtwoord', en: 'wrong password' },
    'unknown email': { nl: 'onbekend e-mailadres', en: 'unknown email address' },
    'account disabled': { nl: 'account uitgeschakeld', en: 'account disabled' },
    'wrong code': { nl: 'verkeerde code', en: 'wrong code' },
  },
  // What happened to a person, a role or a screen (staff/, display/, role-scopes/).
  change: {
    invited: { nl: 'uitgenodigd', en: 'invited' },
    changed: { nl: 'gewijzigd', en: 'changed' },
    created: { nl: 'aangemaakt', en: 'created' },
    deleted: { nl: 'verwijderd', en: 'deleted' },
    'reset link issued': { nl: 'herstellink gemaakt', en: 'reset link issued' },
    'invitation issued again': { nl: 'uitnodiging opnieuw gemaakt', en: 'invitation issued again' },
    paired: { nl: 'gekoppeld', en: 'paired' },
    revoked: { nl: 'ontkoppeld', en: 'revoked' },
    code: { nl: 'koppelcode gemaakt', en: 'pairing code made' },
    scope: { nl: 'bereik', en: 'scope' },
  },
  op: {
    create: { nl: 'aangemaakt', en: 'created' },
    update: { nl: 'gewijzigd', en: 'changed' },
    delete: { nl: 'verwijderd', en: 'deleted' },
    add: { nl: 'toegevoegd', en: 'added' },
    edit: { nl: 'bewerkt', en: 'edited' },
    change: { nl: 'gewijzigd', en: 'changed' },
    'run-now': { nl: 'nu uitgevoerd', en: 'run now' },
  },
  kind: EXPORT_KIND_WORDS,
  stream: EXPORT_KIND_WORDS,
  rows: {
    order: { nl: 'een per bestelling', en: 'one per order' },
    seat: { nl: 'een per stoel', en: 'one per seat' },
  },
  delimiter: {
    comma: { nl: 'komma', en: 'comma' },
    semicolon: { nl: 'puntkomma', en: 'semicolon' },
  },
  mode: {
    full: { nl: 'alles', en: 'everything' },
    changes: { nl: 'wijzigingen sinds de vorige', en: 'changes since the last' },
  },
  watermark: {
    forgotten: { nl: 'vergeten', en: 'forgotten' },
  },
};

/** What the reader's words need: their language's texts, the locale for money and times, the empty value. */
export interface DetailWords {
  localized: (text: Localized) => string;
  locale: Locale;
  /** Shown for an empty value. */
  empty: string;
  /** A customer record's field by its name (custom fields by the organisation's), null for other keys. */
  fieldName?: (key: string) => string | null;
}

/** One line of an entry's details: a setting and its value, or what changed (old → new). */
export interface DetailLine {
  key: string;
  text: string;
  /** A change: old → new. */
  change: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nameOf = (key: string, words: DetailWords) => {
  const name = DETAIL_NAMES[key];
  return name ? words.localized(name) : (words.fieldName?.(key) ?? key);
};

/** A value as the reader reads it. */
function detailValue(key: string, value: unknown, words: DetailWords): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return words.localized(value ? { nl: 'ja', en: 'yes' } : { nl: 'nee', en: 'no' });
  if (typeof value === 'number' && key.endsWith('Cents')) return formatMoney(eurosOf(value), words.locale);
  if (typeof value === 'string') {
    const known = DETAIL_VALUES[key]?.[value];
    if (known) return words.localized(known);
    if (key.endsWith('At') && !Number.isNaN(Date.parse(value))) return formatDateTime(value, words.locale);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    return value
      .map((item) => (isObject(item) || Array.isArray(item) ? JSON.stringify(item) : String(item)))
      .join(', ');
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** What differs between an old and a new value: lists by what was added (+) and taken away (−). */
function changeText(key: string, old: unknown, now: unknown, words: DetailWords): string {
  if (Array.isArray(old) && Array.isArray(now)) {
    const before = old.map(String);
    const after = now.map(String);
    const added = after.filter((item) => !before.includes(item)).map((item) => `+${item}`);
    const removed = before.filter((item) => !after.includes(item)).map((item) => `−${item}`);
    // Lists that keep something in common read best as what changed; else whole, before → after.
    const kept = before.some((item) => after.includes(item));
    if (kept && added.length + removed.length > 0) return [...added, ...removed].join(', ');
  }
  return `${detailValue(key, old, words)} → ${detailValue(key, now, words)}`;
}

/** The fields of an old and a new setting that differ, each as a change. */
function changedFields(old: unknown, now: unknown, words: DetailWords): DetailLine[] {
  const before = isObject(old) ? old : {};
  const after = isObject(now) ? now : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => ({
      key,
      text: `${nameOf(key, words)}: ${changeText(key, before[key] ?? null, after[key] ?? null, words)}`,
      change: true,
    }));
}

/**
 * An entry's details as lines: the changed fields old → new (`changes`, or an `old` and a `new` setting), tags
 * before → after, then every other key with its value.
 */
export function detailLines(details: Record<string, unknown> | null, words: DetailWords): DetailLine[] {
  if (!details) return [];
  const lines: DetailLine[] = [];
  const { changes, before, after, old, new: now, ...rest } = details;
  if (isObject(changes)) {
    for (const [field, change] of Object.entries(changes)) {
      const pair = isObject(change) ? change : {};
      lines.push({
        key: `change-${field}`,
        text: `${nameOf(field, words)}: ${changeText(field, pair.old ?? null, pair.new ?? null, words)}`,
        change: true,
      });
    }
  }
  if ('before' in details || 'after' in details)
    lines.push({ key: 'tags', text: changeText('tags', before ?? null, after ?? null, words), change: true });
  if ('old' in details || 'new' in details) {
    if (isObject(old) || isObject(now)) lines.push(...changedFields(old, now, words));
    else lines.push({ key: 'old-new', text: changeText('', old ?? null, now ?? null, words), change: true });
  }
  for (const [key, value] of Object.entries(rest))
    lines.push({ key, text: `${nameOf(key, words)}: ${detailValue(key, value, words)}`, change: false });
  return lines;
}
