import { iso } from './calendar';
import type { SeedContext } from './context';
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, STREETS } from './names';
import type { Prng } from './prng';
import type { CustomerRow } from './tables';

/**
 * Every legacy form `customerPrefs` takes in real data (spec 2.7): strings, integers, booleans, missing
 * keys, extra unknown keys, an empty object, and null. The first customers get one of each, in order.
 */
export const PREFS_FORMS: readonly { name: string; weight: number; prefs: Record<string, unknown> | null }[] = [
  { name: 'strings', weight: 35, prefs: { user_prefs_optin: '1', user_prefs_mailinglist: '0' } },
  {
    name: 'strings with extra opt-in',
    weight: 10,
    prefs: { user_prefs_optin: '1', user_prefs_mailinglist: '1', user_prefs_extra_optin: '0' },
  },
  { name: 'integers', weight: 9, prefs: { user_prefs_optin: 1, user_prefs_mailinglist: 0 } },
  { name: 'booleans', weight: 7, prefs: { user_prefs_optin: true, user_prefs_mailinglist: false } },
  { name: 'missing mailinglist key', weight: 8, prefs: { user_prefs_optin: '0' } },
  { name: 'missing optin key', weight: 4, prefs: { user_prefs_mailinglist: '1' } },
  {
    name: 'extra unknown keys',
    weight: 5,
    prefs: { user_prefs_optin: '1', user_prefs_mailinglist: '1', user_prefs_sms: '1', legacy_source: 'kassa' },
  },
  { name: 'empty object', weight: 2, prefs: {} },
  { name: 'null', weight: 20, prefs: null },
];

/** Share of customers holding each tag. */
const TAG_SHARES: Record<string, number> = {
  Nieuwsbrief: 0.4,
  Vriend: 0.12,
  Abonnee: 0.09,
  CJP: 0.07,
  Student: 0.08,
  Pers: 0.01,
  VIP: 0.01,
  Groep: 0.02,
  Docent: 0.03,
  Medewerker: 0.01,
  Havenpas: 0.15,
  Buurtbewoner: 0.1,
  Vrijwilliger: 0.02,
  Sponsor: 0.01,
};

const GENRES = ['toneel', 'cabaret', 'muziek', 'dans', 'opera', 'familie', 'jazz'];

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f’' ]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase();
}

function phone(rng: Prng, areaCode: string): string {
  if (rng.chance(0.06)) return '';
  const mobile = rng.chance(0.6);
  const national = mobile
    ? `06${String(rng.int(10_000_000, 99_999_999))}`
    : `${areaCode}${String(rng.int(1_000_000, 9_999_999)).slice(0, 10 - areaCode.length)}`;
  // Some records keep the international form.
  return rng.chance(0.2) ? `+31${national.slice(1)}` : national;
}

function zip(rng: Prng, prefix: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTVWXZ';
  return `${prefix}${String(rng.int(10, 99))}${rng.pick([...letters])}${rng.pick([...letters])}`;
}

function capitalise(email: string): string {
  return email.replace(/(^|[.@])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Customers of one client: Dutch names, unique emails (case-insensitively), tags, custom fields, prefs. */
export function buildCustomers(
  ctx: SeedContext,
  clientId: number,
  count: number,
  tags: readonly string[],
  externalPrefix: string,
): CustomerRow[] {
  const { rng, ids, tables, calendar } = ctx;
  const emails = new Set<string>();
  const rows: CustomerRow[] = [];
  const prefsWeights = PREFS_FORMS.map((form) => form.weight);
  for (let i = 0; i < count; i += 1) {
    const female = rng.chance(0.52);
    const first = female ? rng.pick(FIRST_NAMES_F) : rng.pick(FIRST_NAMES_M);
    const [preposition, last] = rng.pick(LAST_NAMES) as readonly [string, string];
    const [city, zipPrefix, areaCode] = rng.pick(CITIES) as readonly [string, string, string];
    const domain = rng.pick(EMAIL_DOMAINS);
    const style = rng.int(0, 3);
    const local =
      style === 0
        ? `${ascii(first)}.${ascii(preposition + last)}`
        : style === 1
          ? `${ascii(first)[0] ?? 'x'}.${ascii(last)}`
          : style === 2
            ? `${ascii(first)}${ascii(last)}`
            : `${ascii(last)}.${ascii(first)}`;
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n += 1) email = `${local}${n}@${domain}`;
    emails.add(email);
    // Older records were stored as typed, capitals and all; unique all the same, case-insensitively.
    if (rng.chance(0.06)) email = capitalise(email);
    const form = i < PREFS_FORMS.length ? PREFS_FORMS[i] : rng.weighted(PREFS_FORMS, prefsWeights);
    const customerTags = tags.filter((tag) => rng.chance(TAG_SHARES[tag] ?? 0.05));
    if (i === 0 && customerTags.length === 0) customerTags.push(tags[0] ?? 'Vriend');
    const houseNr = `${rng.int(1, 240)}${rng.chance(0.1) ? rng.pick(['a', 'b', '-II', '-hs']) : ''}`;
    const street = rng.pick(STREETS);
    const withCustom = rng.chance(0.3);
    const row: CustomerRow = {
      id: ids.take('customers'),
      client_id: clientId,
      external_id: rng.chance(0.2) ? `${externalPrefix}-${String(rng.int(1, 999_999)).padStart(6, '0')}` : null,
      email,
      salutation: rng.chance(0.1) ? '' : female ? 'V' : 'M',
      first_name: first,
      last_name: last,
      preposition,
      address: `${street} ${houseNr}`,
      house_nr: houseNr,
      zip: zip(rng, zipPrefix),
      city,
      country: rng.chance(0.97) ? 'NL' : rng.pick(['BE', 'DE']),
      phone: phone(rng, areaCode),
      credit_cents: rng.chance(0.05) ? rng.pick([500, 1000, 1250, 2500, 3950]) : 0,
      custom1: customerTags.includes('Vriend') ? `VR-${String(rng.int(1, 99_999)).padStart(5, '0')}` : null,
      custom2: withCustom && rng.chance(0.15) ? rng.pick(['Rolstoel', 'Rollator', 'Slechthorend']) : null,
      custom3: withCustom ? rng.pick(GENRES) : null,
      custom4: withCustom && rng.chance(0.3) ? `Klant sinds ${2026 - rng.int(1, 25)}` : null,
      custom5: withCustom && rng.chance(0.1) ? 'Geen post' : null,
      custom6: withCustom && rng.chance(0.05) ? rng.pick(['Donateur', 'Begunstiger']) : null,
      custom7: withCustom && rng.chance(0.05) ? 'Zie notitie kassa' : null,
      prefs: form?.prefs ?? null,
      tags: customerTags,
      last_changed: iso(calendar.plusDays(-rng.next() * 700)),
    };
    rows.push(row);
  }
  // One by one: spreading a million rows into push() overflows the call stack.
  for (const row of rows) tables.customers.push(row);
  return rows;
}
