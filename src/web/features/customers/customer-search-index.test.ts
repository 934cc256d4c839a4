import { describe, expect, it } from 'vitest';
import { type Customer, customerSchema } from '../../lib/schemas/customer';
import { CustomerSearchIndex, phoneDigits, prefixDistance, queryTerms } from './customer-search-index';

let nextId = 1;
function customer(fields: Partial<Record<string, unknown>>): Customer {
  const parsed = customerSchema.safeParse({
    customerId: nextId++,
    email: '',
    customerFirstName: '',
    customerLastName: '',
    lastChanged: '2026-11-01T10:00:00+01:00',
    customerCredit: '0.00',
    customerTags: null,
    customerPrefs: null,
    ...fields,
  });
  if (!parsed.success) throw new Error('bad fixture');
  return parsed.data;
}

const anna = customer({
  customerFirstName: 'Anna',
  customerPreposition: 'de',
  customerLastName: 'Vries',
  email: 'anna.devries@example.nl',
  customerPhone: '0612345678',
  customerZip: '1017 AB',
  customerCity: 'Amsterdam',
  customerTags: 'vriend,abonnement',
  customerExternalId: 'CRM-4411',
});
const jan = customer({
  customerFirstName: 'Jan',
  customerLastName: 'Jansen',
  email: 'jan@jansen.nl',
  customerPhone: '+31201234567',
  customerZip: '3511CD',
  customerCity: 'Utrecht',
});
const janneke = customer({
  customerFirstName: 'Janneke',
  customerLastName: 'Müller',
  email: 'janneke.muller@example.com',
  customerCity: 'Den Haag',
});
const piet = customer({
  customerFirstName: 'Piet',
  customerLastName: 'Jansma',
  email: 'piet@example.org',
  customerCity: 'Jansum',
});

function indexOf(...customers: Customer[]) {
  const index = new CustomerSearchIndex();
  index.upsert(customers);
  return index;
}
const ids = (index: CustomerSearchIndex, query: string) =>
  index.search(query)?.customers.map((found) => found.customerId) ?? null;

describe('queryTerms', () => {
  it('keeps a phone typed with separators as one number', () => {
    expect(queryTerms('06-1234 5678')).toEqual(['0612345678']);
    expect(queryTerms('+31 6 1234 5678')).toEqual(['0612345678']);
  });
  it('joins a zip typed with its space, and keeps emails whole', () => {
    expect(queryTerms('1017 ab')).toEqual(['1017ab']);
    expect(queryTerms('Anna@Example')).toEqual(['anna@example']);
    expect(queryTerms('  de   Vries, Anna ')).toEqual(['de', 'vries', 'anna']);
    expect(queryTerms('   ')).toEqual([]);
  });
});

describe('phoneDigits', () => {
  it('makes national and international Dutch numbers compare equal', () => {
    expect(phoneDigits('+31 6 1234 5678')).toBe('0612345678');
    expect(phoneDigits('0031612345678')).toBe('0612345678');
    expect(phoneDigits('06-1234 5678')).toBe('0612345678');
    expect(phoneDigits('+44 20 7946 0000')).toBe('442079460000');
  });
});

describe('prefixDistance', () => {
  const rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];
  it('measures the distance to the closest prefix, counting a swap as one', () => {
    expect(prefixDistance('jans', 'jansen', 1, rows)).toBe(0);
    expect(prefixDistance('jnas', 'jansen', 1, rows)).toBe(1);
    expect(prefixDistance('jamsen', 'jansen', 1, rows)).toBe(1);
    expect(prefixDistance('jansne', 'jansen', 1, rows)).toBe(1);
    expect(prefixDistance('pieter', 'jansen', 1, rows)).toBe(2);
  });
});

describe('CustomerSearchIndex', () => {
  const index = indexOf(anna, jan, janneke, piet);

  it('returns null for an empty query and nothing for a word nobody has', () => {
    expect(index.search('  ')).toBeNull();
    expect(ids(index, 'zzzqqq')).toEqual([]);
  });

  it('finds by part of the last name, best match first', () => {
    // Both prefix matches come before Janneke, who is only one typo away ("jann").
    expect(ids(index, 'jans')?.slice(0, 2).sort()).toEqual([jan.customerId, piet.customerId].sort());
    expect(ids(index, 'jans')?.slice(2)).toEqual([janneke.customerId]);
    // An exact word beats a prefix.
    expect(ids(index, 'jan')?.[0]).toBe(jan.customerId);
  });

  it('requires every word to match', () => {
    expect(ids(index, 'anna vries')).toEqual([anna.customerId]);
    expect(ids(index, 'anna jansen')).toEqual([]);
  });

  it('tolerates a typo, ranked below exact matches', () => {
    expect(ids(index, 'jnasen')).toContain(jan.customerId);
    expect(ids(index, 'vreis')).toEqual([anna.customerId]);
  });

  it('ignores accents', () => {
    expect(ids(index, 'muller')).toEqual([janneke.customerId]);
    expect(ids(index, 'Müll')).toEqual([janneke.customerId]);
  });

  it('finds a phone typed in another format', () => {
    expect(ids(index, '06-1234 5678')).toEqual([anna.customerId]);
    expect(ids(index, '+31 6 12345678')).toEqual([anna.customerId]);
    expect(ids(index, '020 123')).toEqual([jan.customerId]);
  });

  it('finds by zip with or without the space, city, tag, id and external id', () => {
    expect(ids(index, '1017 AB')).toEqual([anna.customerId]);
    expect(ids(index, '1017ab')).toEqual([anna.customerId]);
    expect(ids(index, '3511')).toEqual([jan.customerId]);
    expect(ids(index, 'utrecht')).toEqual([jan.customerId]);
    expect(ids(index, 'abonnement')).toEqual([anna.customerId]);
    expect(ids(index, String(piet.customerId))?.[0]).toBe(piet.customerId);
    expect(ids(index, 'crm-4411')).toEqual([anna.customerId]);
  });

  it('finds by email, whole or in part', () => {
    expect(ids(index, 'anna.devries@example.nl')).toEqual([anna.customerId]);
    expect(ids(index, 'jan@jan')).toEqual([jan.customerId]);
    expect(ids(index, 'devries')).toEqual([anna.customerId]);
  });

  it('replaces a customer on upsert: the old words no longer find them', () => {
    const local = indexOf(anna, jan);
    local.upsert([{ ...jan, customerLastName: 'Bakker', customerCity: 'Leiden' }]);
    expect(ids(local, 'utrecht')).toEqual([]);
    expect(ids(local, 'bakker')).toEqual([jan.customerId]);
    expect(local.size).toBe(2);
    expect(local.get(jan.customerId)?.customerLastName).toBe('Bakker');
  });

  it('finds customers sharing a phone, email or number, sealed or not', () => {
    const a = customer({ customerLastName: 'Eerste', customerPhone: '0611111111', email: 'gezin@thuis.nl' });
    const b = customer({ customerLastName: 'Tweede', customerPhone: '+31 6 11111111', email: 'Gezin@thuis.nl' });
    // c's external id has a part equal to d's customer id: an id match weighs more.
    const d = customer({ customerLastName: 'Vierde' });
    const c = customer({ customerLastName: 'Derde', customerExternalId: `CRM-${d.customerId}` });
    for (const sealed of [false, true]) {
      const local = indexOf(a, b, c, d);
      if (sealed) local.seal();
      expect(ids(local, '0611111111')).toEqual([a.customerId, b.customerId]);
      expect(ids(local, 'gezin@thuis.nl')).toEqual([a.customerId, b.customerId]);
      expect(ids(local, String(d.customerId))?.slice(0, 2)).toEqual([d.customerId, c.customerId]);
    }
  });

  it('runs the words of a tag together, but not those of a name with the same text', () => {
    const tagged = customer({ customerLastName: 'Tagged', customerTags: 'Nieuw lid' });
    const named = customer({ customerFirstName: 'Nieuw lid', customerLastName: 'Named' });
    for (const local of [indexOf(tagged, named), indexOf(named, tagged)]) {
      local.seal();
      expect(ids(local, 'nieuwlid')).toEqual([tagged.customerId]);
      expect(ids(local, 'nieuw lid')).toEqual([named.customerId, tagged.customerId]);
    }
  });

  it('stays correct when many replacements trigger a rebuild', () => {
    const local = new CustomerSearchIndex();
    const many = Array.from({ length: 1500 }, (_, n) =>
      customer({ customerFirstName: 'Test', customerLastName: `Naam${n}`, email: `t${n}@x.nl` }),
    );
    local.upsert(many);
    local.upsert(many.map((item) => ({ ...item, customerFirstName: 'Nieuw' })));
    expect(local.size).toBe(1500);
    expect(ids(local, 'test')).toEqual([]);
    expect(local.search('nieuw')?.customers).toHaveLength(1500);
  });

  it('answers a keystroke over 20,000 customers quickly', () => {
    const local = new CustomerSearchIndex();
    const names = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters'];
    local.upsert(
      Array.from({ length: 20_000 }, (_, n) =>
        customer({
          customerFirstName: `Voornaam${n % 500}`,
          customerLastName: `${names[n % names.length]}${n % 700}`,
          email: `klant${n}@example.nl`,
          customerPhone: `06${String(10_000_000 + n * 37)}`,
          customerZip: `${1000 + (n % 8000)} AB`,
          customerCity: `Plaats${n % 300}`,
        }),
      ),
    );
    const started = performance.now();
    for (const query of ['j', 'ja', 'jan', 'jans', 'jansen1', 'bakekr', '0612', 'klant123', '1234 ab'])
      local.search(query);
    // Nine searches; generous for a loaded CI machine, but far from a linear scan with typo checks per row.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
