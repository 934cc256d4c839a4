import type { SubjectAccessPackage } from '@/contract/privacy';
import type { AppLanguage } from '../static-app';
import { PRESET_FLAG_NAMES } from './desk-notes';

/**
 * A subject-access package as a letter a data-protection officer sends (GDPR article 15): one self-contained
 * HTML page (its own print styles, no scripts, no outside resources) that reads well on screen and prints on
 * A4. Every value is escaped: the record is the customer's own text.
 */

export type LetterLanguage = AppLanguage;

const TEXT = {
  nl: {
    title: 'Inzage in uw persoonsgegevens',
    subject: 'Onderwerp: uw verzoek om inzage (artikel 15 AVG)',
    salutation: 'Geachte heer, mevrouw,',
    intro:
      'U heeft gevraagd welke persoonsgegevens wij van u verwerken. Hieronder vindt u alles wat wij in ons kassasysteem en in ons klantenbestand over u bewaren: uw klantgegevens, uw bestellingen met plaatsen, uw aanmeldingen op wachtlijsten, de notities en kenmerken die onze medewerkers bij u hebben vastgelegd, en het logboek van wie uw gegevens heeft bekeken of gewijzigd.',
    record: 'Uw klantgegevens',
    tags: 'Labels',
    orders: 'Bestellingen',
    waitingList: 'Wachtlijsten',
    notes: 'Notities van medewerkers',
    flags: 'Kenmerken',
    audit: 'Logboek',
    none: 'Geen.',
    field: 'Gegeven',
    value: 'Waarde',
    order: 'Bestelling',
    date: 'Datum',
    status: 'Status',
    payment: 'Betaling',
    channel: 'Kanaal',
    amount: 'Bedrag',
    seats: 'Plaatsen',
    event: 'Voorstelling',
    seat: 'Rij {row}, stoel {seat}',
    removed: 'vervallen',
    tickets: 'Kaarten',
    entered: 'Aangemeld',
    notified: 'Bericht',
    author: 'Door',
    when: 'Wanneer',
    who: 'Wie',
    what: 'Wat',
    rights:
      'U heeft het recht uw gegevens te laten verbeteren of wissen, de verwerking te laten beperken en bezwaar te maken. Bestellingen bewaren wij zolang de wet ons verplicht onze boekhouding te bewaren; uw naam en contactgegevens verwijderen wij op uw verzoek. Een klacht kunt u indienen bij de Autoriteit Persoonsgegevens.',
    closing: 'Met vriendelijke groet,',
    signature: 'Functionaris gegevensbescherming',
    generated: 'Opgesteld op {date} door {person}.',
    standing: 'Zonder vaste plaats',
    yes: 'ja',
    no: 'nee',
  },
  en: {
    title: 'Access to your personal data',
    subject: 'Subject: your request for access (GDPR article 15)',
    salutation: 'Dear customer,',
    intro:
      'You asked which personal data we process about you. Below is everything our box-office system and our customer records hold about you: your customer record, your orders with their seats, your waiting-list entries, the notes and flags our staff recorded, and the log of who looked at or changed your data.',
    record: 'Your customer record',
    tags: 'Tags',
    orders: 'Orders',
    waitingList: 'Waiting lists',
    notes: 'Notes by staff',
    flags: 'Flags',
    audit: 'Log',
    none: 'None.',
    field: 'Field',
    value: 'Value',
    order: 'Order',
    date: 'Date',
    status: 'Status',
    payment: 'Payment',
    channel: 'Channel',
    amount: 'Amount',
    seats: 'Seats',
    event: 'Performance',
    seat: 'Row {row}, seat {seat}',
    removed: 'removed',
    tickets: 'Tickets',
    entered: 'Entered',
    notified: 'Notified',
    author: 'By',
    when: 'When',
    who: 'Who',
    what: 'What',
    rights:
      'You have the right to have your data corrected or erased, to restrict its processing and to object to it. We keep orders as long as the law requires us to keep our books; your name and contact details we erase at your request. You may lodge a complaint with the data-protection authority.',
    closing: 'Yours sincerely,',
    signature: 'Data protection officer',
    generated: 'Prepared on {date} by {person}.',
    standing: 'No fixed seat',
    yes: 'yes',
    no: 'no',
  },
} as const;

const FIELD_LABELS: Record<LetterLanguage, Record<string, string>> = {
  nl: {
    customerId: 'Klantnummer',
    customerExternalId: 'Extern nummer',
    email: 'E-mail',
    customerSalutation: 'Aanhef',
    customerFirstName: 'Voornaam',
    customerPreposition: 'Tussenvoegsel',
    customerLastName: 'Achternaam',
    customerAddress: 'Adres',
    customerHouseNr: 'Huisnummer',
    customerZip: 'Postcode',
    customerCity: 'Plaats',
    customerCountry: 'Land',
    customerPhone: 'Telefoon',
    customerCredit: 'Tegoed',
    customerPrefs: 'Voorkeuren',
    lastChanged: 'Laatst gewijzigd',
    customerTags: 'Labels',
  },
  en: {
    customerId: 'Customer number',
    customerExternalId: 'External number',
    email: 'Email',
    customerSalutation: 'Salutation',
    customerFirstName: 'First name',
    customerPreposition: 'Preposition',
    customerLastName: 'Last name',
    customerAddress: 'Address',
    customerHouseNr: 'House number',
    customerZip: 'Zip code',
    customerCity: 'City',
    customerCountry: 'Country',
    customerPhone: 'Phone',
    customerCredit: 'Credit',
    customerPrefs: 'Preferences',
    lastChanged: 'Last changed',
    customerTags: 'Tags',
  },
};

type Words = Record<LetterLanguage, Record<string, string>>;

/** The service's codes in words (spec 2.6, 2.11, 3.4); a code not listed is shown as it is. */
const ORDER_STATUS: Words = {
  nl: {
    ord: 'Bestelling',
    cancel: 'Geannuleerd',
    reemit: 'Vervangen',
    reissue: 'Opnieuw geldig',
    res: 'Reservering',
    pros: 'Offerte',
    trash: 'Verwijderd',
  },
  en: {
    ord: 'Order',
    cancel: 'Cancelled',
    reemit: 'Replaced',
    reissue: 'Valid again',
    res: 'Reservation',
    pros: 'Offer',
    trash: 'Deleted',
  },
};
const PAYMENT_STATUS: Words = {
  nl: {
    paid: 'betaald',
    pending: 'betaling loopt',
    cancelled: 'betaling geannuleerd',
    partial: 'deels betaald',
    none: 'niet betaald',
  },
  en: {
    paid: 'paid',
    pending: 'payment pending',
    cancelled: 'payment cancelled',
    partial: 'partly paid',
    none: 'not paid',
  },
};
const CHANNEL: Words = {
  nl: { www: 'Webshop', sp: 'Kassa' },
  en: { www: 'Webshop', sp: 'Box office' },
};
const WAITING_TYPE: Words = {
  nl: { waiting: 'Wacht', notified: 'Bericht gestuurd', converted: 'Omgezet in bestelling' },
  en: { waiting: 'Waiting', notified: 'Notified', converted: 'Became an order' },
};
const PREFERENCES: Words = {
  nl: {
    user_prefs_optin: 'Nieuws en aanbiedingen',
    user_prefs_mailinglist: 'Mailinglijst',
    user_prefs_extra_optin: 'Berichten van partners',
  },
  en: {
    user_prefs_optin: 'News and offers',
    user_prefs_mailinglist: 'Mailing list',
    user_prefs_extra_optin: 'Messages from partners',
  },
};
/** What an entry of the log says happened, as the customer reads it; others as "Verwerkt". */
const AUDIT_ACTION: Words = {
  nl: {
    forward: 'Gegevens gelezen of gewijzigd',
    'customer-edit': 'Gegevens gewijzigd',
    tags: 'Labels gewijzigd',
    export: 'Opgenomen in een export',
    'export-download': 'Opgenomen in een export',
    'customer-job': 'Gewijzigd in een bulkbewerking',
    print: 'Kaarten of bon afgedrukt',
    'customer-note': 'Notitie vastgelegd of gewijzigd',
    'customer-flags': 'Kenmerken vastgelegd of gewijzigd',
    'privacy-package': 'Inzage opgesteld',
    anonymise: 'Geanonimiseerd',
    'duplicate-not-same': 'Als andere persoon aangemerkt',
    'duplicate-merge': 'Samengevoegd met een dubbele registratie',
    segment: 'Label bijgehouden door een doelgroep',
    'segment-export': 'Opgenomen in een doelgroep-export',
    'walk-in-customer': 'Aangemaakt aan de kassa',
    other: 'Verwerkt',
  },
  en: {
    forward: 'Data read or changed',
    'customer-edit': 'Data changed',
    tags: 'Tags changed',
    export: 'Included in an export',
    'export-download': 'Included in an export',
    'customer-job': 'Changed in a bulk edit',
    print: 'Tickets or receipt printed',
    'customer-note': 'Note recorded or changed',
    'customer-flags': 'Flags recorded or changed',
    'privacy-package': 'Access package prepared',
    anonymise: 'Anonymised',
    'duplicate-not-same': 'Marked as another person',
    'duplicate-merge': 'Merged with a duplicate record',
    segment: 'Tag kept by a segment',
    'segment-export': 'Included in a segment export',
    'walk-in-customer': 'Created at the box office',
    other: 'Processed',
  },
};

const word = (words: Words, language: LetterLanguage, code: string) => words[language][code] ?? code;

const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** A field's name in the letter; a custom field by the name the organisation gave it, where it gave one. */
function fieldLabel(language: LetterLanguage, field: string, customNames: Record<string, string>): string {
  const custom = /^customerCustom(\d)$/.exec(field);
  if (custom) {
    const given = customNames[field];
    if (given) return given;
    return language === 'nl' ? `Eigen veld ${custom[1]}` : `Custom field ${custom[1]}`;
  }
  return FIELD_LABELS[language][field] ?? field;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field of the record as the customer reads it: dates, money, countries and preferences in words. */
function recordValue(
  field: string,
  value: unknown,
  language: LetterLanguage,
  format: { date: (iso: string | null) => string; money: (amount: number) => string },
): string {
  if (value === null || value === undefined || value === '') return '—';
  const t = TEXT[language];
  if (field === 'lastChanged' && typeof value === 'string') return format.date(value);
  if (field === 'customerCredit' && Number.isFinite(Number(value))) return format.money(Number(value));
  if (field === 'customerCountry' && typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) {
    const names = new Intl.DisplayNames([language === 'nl' ? 'nl-NL' : 'en-GB'], { type: 'region' });
    return names.of(value.toUpperCase()) ?? value;
  }
  if (field === 'customerPrefs' && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, on]) => `${word(PREFERENCES, language, key)}: ${isOn(on) ? t.yes : t.no}`)
      .join('; ');
  }
  if (field === 'customerTags') {
    const tags = Array.isArray(value) ? value : String(value).split(',');
    return tags
      .map((tag) => String(tag).trim())
      .filter(Boolean)
      .join(', ');
  }
  return valueText(value);
}

/** A preference as the service may write it: true, 1, "1", "true". */
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const STYLE = `
  @page { size: A4; margin: 20mm 18mm; }
  body { font: 11pt/1.45 Georgia, 'Times New Roman', serif; color: #111; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; }
  header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #111; padding-bottom: .5rem; }
  header .organisation { font-size: 14pt; font-weight: bold; }
  h1 { font-size: 15pt; margin: 1.5rem 0 .25rem; }
  h2 { font-size: 12.5pt; margin: 1.75rem 0 .5rem; break-after: avoid; }
  table { width: 100%; border-collapse: collapse; margin: .25rem 0 1rem; font-size: 10pt; }
  th, td { text-align: left; vertical-align: top; padding: .25rem .4rem; border-bottom: 1px solid #bbb; }
  thead th { border-bottom: 1.5px solid #111; }
  tr { break-inside: avoid; }
  .muted { color: #444; }
  .signature { margin-top: 2.5rem; }
  ul.seats { margin: 0; padding-left: 1rem; }
`;

/** The package as a printable letter in `language`. */
export function packageLetter(pack: SubjectAccessPackage, language: LetterLanguage): string {
  const t = TEXT[language];
  const dateOf = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Europe/Amsterdam',
        }).format(new Date(iso))
      : '—';
  const money = (amount: number) =>
    new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
  const none = `<p class="muted">${escapeHtml(t.none)}</p>`;
  const events = new Map((pack.events ?? []).map((event) => [event.eventId, event]));
  // "Mahler en de Zee (25 nov 2026 20:15)"; the number only when the service did not name it.
  const eventName = (eventId: number) => {
    const event = events.get(eventId);
    if (!event?.name) return `${t.event} ${eventId}`;
    return event.start ? `${event.name} (${dateOf(event.start)})` : event.name;
  };
  const customer = pack.customer;
  const name = [customer.customerFirstName, customer.customerPreposition, customer.customerLastName]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');

  const record = table(
    [t.field, t.value],
    Object.entries(customer).map(([field, value]) => [
      escapeHtml(fieldLabel(language, field, pack.customFieldNames)),
      escapeHtml(recordValue(field, value, language, { date: dateOf, money })),
    ]),
  );
  const tags = pack.tags.length > 0 ? `<p>${pack.tags.map(escapeHtml).join(', ')}</p>` : none;
  const orders =
    pack.orders.length > 0
      ? table(
          [t.order, t.date, t.status, t.channel, t.amount, t.seats],
          pack.orders.map((order) => [
            escapeHtml(order.orderId),
            escapeHtml(dateOf(order.orderDate)),
            escapeHtml(
              `${word(ORDER_STATUS, language, order.orderStatus)}, ${word(PAYMENT_STATUS, language, order.paymentStatus)}`,
            ),
            escapeHtml([word(CHANNEL, language, order.channel), order.paymentMethod].filter(Boolean).join(' · ')),
            escapeHtml(money(order.amount)),
            order.seats.length > 0
              ? `<ul class="seats">${order.seats
                  .map((seat) => {
                    const place = seat.rowNr > 0 ? fill(t.seat, { row: seat.rowNr, seat: seat.seatNr }) : t.standing;
                    const parts = [eventName(seat.eventId), place, seat.priceName, money(seat.amount)];
                    return `<li>${escapeHtml(`${parts.filter(Boolean).join(', ')}${seat.removed ? ` (${t.removed})` : ''}`)}</li>`;
                  })
                  .join('')}</ul>`
              : '—',
          ]),
        )
      : none;
  const waiting =
    pack.waitingList.length > 0
      ? table(
          [t.event, t.tickets, t.status, t.entered, t.notified],
          pack.waitingList.map((entry) => [
            escapeHtml(eventName(entry.eventId)),
            escapeHtml(entry.numberOfTickets),
            escapeHtml(word(WAITING_TYPE, language, entry.type)),
            escapeHtml(dateOf(entry.createdAt)),
            escapeHtml(dateOf(entry.notifiedAt)),
          ]),
        )
      : none;
  const notes =
    pack.notes.length > 0
      ? table(
          [t.when, t.author, t.value],
          pack.notes.map((note) => [
            escapeHtml(dateOf(note.at)),
            escapeHtml(note.author ?? '—'),
            escapeHtml(note.text),
          ]),
        )
      : none;
  const flags =
    pack.flags.length > 0
      ? table(
          [t.value, t.author, t.when],
          pack.flags.map((flag) => [
            // A default flag not renamed in the letter's language, as the app names it.
            escapeHtml(flag.preset ? word(PRESET_FLAG_NAMES, language, flag.preset) : flag.flag),
            escapeHtml(flag.author ?? '—'),
            escapeHtml(dateOf(flag.at)),
          ]),
        )
      : none;
  const audit =
    pack.auditEntries.length > 0
      ? table(
          [t.when, t.who, t.what],
          pack.auditEntries.map((entry) => [
            escapeHtml(dateOf(entry.at)),
            escapeHtml(entry.person ?? '—'),
            escapeHtml(AUDIT_ACTION[language][entry.action] ?? AUDIT_ACTION[language].other),
          ]),
        )
      : none;

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${t.title} — ${name || customer.email || customer.customerId}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="organisation">${escapeHtml(pack.organisation)}</span><span class="muted">${escapeHtml(dateOf(pack.generatedAt))}</span></header>
<main>
<p>${escapeHtml(name)}<br>${escapeHtml(streetLine(customer))}<br>${escapeHtml(customer.customerZip ?? '')} ${escapeHtml(customer.customerCity ?? '')}</p>
<h1>${escapeHtml(t.title)}</h1>
<p><strong>${escapeHtml(t.subject)}</strong></p>
<p>${escapeHtml(t.salutation)}</p>
<p>${escapeHtml(t.intro)}</p>
<h2>1. ${escapeHtml(t.record)}</h2>
${record}
<h2>2. ${escapeHtml(t.tags)}</h2>
${tags}
<h2>3. ${escapeHtml(t.orders)}</h2>
${orders}
<h2>4. ${escapeHtml(t.waitingList)}</h2>
${waiting}
<h2>5. ${escapeHtml(t.notes)}</h2>
${notes}
<h2>6. ${escapeHtml(t.flags)}</h2>
${flags}
<h2>7. ${escapeHtml(t.audit)}</h2>
${audit}
<p>${escapeHtml(t.rights)}</p>
<p class="signature">${escapeHtml(t.closing)}<br><br>${escapeHtml(t.signature)}<br>${escapeHtml(pack.organisation)}</p>
<p class="muted">${escapeHtml(fill(t.generated, { date: dateOf(pack.generatedAt), person: pack.requestedBy }))}</p>
</main>
</body>
</html>
`;
}

/** The street and house number once: the service's address often holds the number already ("Kerkstraat 186"). */
function streetLine(customer: Record<string, unknown>): string {
  const address = typeof customer.customerAddress === 'string' ? customer.customerAddress.trim() : '';
  const number = typeof customer.customerHouseNr === 'string' ? customer.customerHouseNr.trim() : '';
  if (!number || address.endsWith(number)) return address;
  return [address, number].filter(Boolean).join(' ');
}
