import { describe, expect, it } from 'vitest';
import { prefixDistance } from './prefix-distance';
import { CustomerSearchIndex } from './search-index';
import { phoneDigits, queryTerms, type SearchableCustomer } from './search-tokens';

let nextId = 1;
type Fixture = Partial<Omit<SearchableCustomer, 'customerTags'>> & { customerTags?: string };
function customer(fields: Fixture): SearchableCustomer {
  const { customerTags, ...rest } = fields;
  return {
    customerId: nextId++,
    customerFirstName: '',
    customerPreposition: '',
    customerLastName: '',
    email: '',
    customerPhone: '',
    customerZip: '',
    customerCity: '',
    customerExternalId: null,
    ...rest,
    customerTags: customerTags ? customerTags.split(',') : [],
  };
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

/** An index of `customers`, each under its customer id as key (the keys are the caller's choice). */
function indexOf(...customers: SearchableCustomer[]) {
  const index = new CustomerSearchIndex();
  for (const one of customers) index.upsert(one.customerId, one);
  return index;
}
const ids = (index: CustomerSearchIndex, query: string) => {
  const found = index.search(query);
  return found ? Array.from(found) : null;
};

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
    local.upsert(jan.customerId, { ...jan, customerLastName: 'Bakker', customerCity: 'Leiden' });
    expect(ids(local, 'utrecht')).toEqual([]);
    expect(ids(local, 'bakker')).toEqual([jan.customerId]);
    expect(local.size).toBe(2);
    local.remove(anna.customerId);
    expect(ids(local, 'vries')).toEqual([]);
    expect(local.size).toBe(1);
  });

  it('keeps a changed customer in their place among equal matches, however many match', () => {
    // A walkthrough tagged three of the Hoekstras on the list's first page: they went to its last page.
    for (const many of [false, true]) {
      const hoekstras = Array.from({ length: 12 }, (_, n) =>
        customer({ customerFirstName: `Voornaam${n}`, customerLastName: 'Hoekstra', customerCity: 'Zwolle' }),
      );
      // Many others in Zwolle make "zwolle" match most of the index (the counting sort); without them, few do.
      const others = many
        ? Array.from({ length: 40 }, () => customer({ customerLastName: 'Anders', customerCity: 'Zwolle' }))
        : [];
      const local = indexOf(...hoekstras, ...others);
      const query = many ? 'zwolle' : 'hoekstra';
      const before = ids(local, query);
      for (const changed of hoekstras.slice(0, 3))
        local.upsert(changed.customerId, { ...changed, customerTags: ['Groep'] });
      expect(ids(local, query), many ? 'counting sort' : 'few candidates').toEqual(before);
    }
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

  it('finds customers in the sorted base, the sorted delta and the unsorted tail alike', () => {
    const local = new CustomerSearchIndex();
    const batch = (from: number, to: number, name: string) =>
      Array.from({ length: to - from }, (_, n) =>
        customer({ customerLastName: `${name}${from + n}`, customerCity: 'Zwolle', email: `${name}${from + n}@x.nl` }),
      );
    const base = batch(0, 2000, 'basis');
    const delta = batch(0, 300, 'delta');
    const tail = batch(0, 20, 'staart');
    for (const one of base) local.upsert(one.customerId, one);
    local.seal();
    for (const one of delta) local.upsert(one.customerId, one);
    local.seal();
    // A customer of the base changed: its new words come from the tail, its old ones no longer count.
    const moved = base[5] as SearchableCustomer;
    local.upsert(moved.customerId, { ...moved, customerCity: 'Leeuwarden' });
    for (const one of tail) local.upsert(one.customerId, one);
    expect(ids(local, 'basis17')?.[0]).toBe(base[17]?.customerId);
    expect(ids(local, 'delta12')?.[0]).toBe(delta[12]?.customerId);
    expect(ids(local, 'staart3')).toEqual([tail[3]?.customerId]);
    expect(ids(local, 'leeuwarden')).toEqual([moved.customerId]);
    expect(ids(local, 'zwolle')).toHaveLength(2000 + 300 + 20 - 1);
    // A typo finds them in every part too.
    expect(ids(local, 'zwolel')).toHaveLength(2000 + 300 + 20 - 1);
  });

  it('ranks the same whether a later word is looked up through its postings or through each candidate', () => {
    const names = ['Jansen', 'Janssen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos'];
    const cities = ['Amsterdam', 'Amstelveen', 'Utrecht', 'Zwolle', 'Den Haag'];
    const many = Array.from({ length: 3000 }, (_, n) =>
      customer({
        customerFirstName: ['Anna', 'Jan', 'Piet', 'Joke', 'Sanne'][n % 5] as string,
        customerLastName: names[(n * 7) % names.length] as string,
        email: `klant${n}@example.nl`,
        customerPhone: `06${String(10_000_000 + n * 37)}`,
        customerZip: `${1000 + (n % 90)} AB`,
        customerCity: cities[n % cities.length] as string,
        customerTags: n % 3 === 0 ? 'Vriend' : '',
      }),
    );
    const scanning = new CustomerSearchIndex(Number.POSITIVE_INFINITY);
    const forward = new CustomerSearchIndex(0);
    for (const local of [scanning, forward]) {
      for (const one of many.slice(0, 2500)) local.upsert(one.customerId, one);
      local.seal();
      // Some in the tail, some replaced.
      for (const one of many.slice(2500)) local.upsert(one.customerId, one);
      for (const one of many.slice(0, 40)) local.upsert(one.customerId, { ...one, customerCity: 'Leiden' });
    }
    const queries = [
      'jan a',
      'jansen amst',
      'jnasen amsterdam',
      'a jan',
      'anna v',
      'vreis anna',
      'piet 06',
      'joke 10',
      'sanne vriend',
      'bos leid',
      'mulder 1005 ab',
      'klant12 jan',
      'amsterdam jansen piet',
      'utrceht smit',
    ];
    let found = 0;
    for (const query of queries) {
      const answer = ids(forward, query);
      expect(answer, query).toEqual(ids(scanning, query));
      found += answer?.length ?? 0;
    }
    expect(found).toBeGreaterThan(1000);
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

  it('stays correct when many replacements trigger a compaction, and drops what only they held', () => {
    const local = new CustomerSearchIndex();
    const many = Array.from({ length: 1500 }, (_, n) =>
      customer({ customerFirstName: 'Test', customerLastName: `Naam${n}`, email: `t${n}@x.nl` }),
    );
    for (const one of many) local.upsert(one.customerId, one);
    local.seal();
    const postings = local.postingCount;
    for (const one of many)
      local.upsert(one.customerId, { ...one, customerFirstName: 'Nieuw', email: `n@${one.customerId}.nl` });
    expect(local.size).toBe(1500);
    expect(ids(local, 'test')).toEqual([]);
    expect(ids(local, 't1@x.nl')).toEqual([]);
    // In the order they were indexed: the ties of a compacted index still rank as before.
    expect(ids(local, 'nieuw')).toEqual(many.map((one) => one.customerId));
    expect(ids(local, `n@${many[7]?.customerId}.nl`)).toEqual([many[7]?.customerId]);
    // The replaced postings went (a compaction ran on the way): not twice as many as before.
    expect(local.postingCount).toBeLessThan(postings * 1.5);
  });

  it('answers a keystroke over 20,000 customers quickly', () => {
    const local = new CustomerSearchIndex();
    const names = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters'];
    const many = Array.from({ length: 20_000 }, (_, n) =>
      customer({
        customerFirstName: `Voornaam${n % 500}`,
        customerLastName: `${names[n % names.length]}${n % 700}`,
        email: `klant${n}@example.nl`,
        customerPhone: `06${String(10_000_000 + n * 37)}`,
        customerZip: `${1000 + (n % 8000)} AB`,
        customerCity: `Plaats${n % 300}`,
      }),
    );
    for (const one of many) local.upsert(one.customerId, one);
    const started = performance.now();
    for (const query of ['j', 'ja', 'jan', 'jans', 'jansen1', 'bakekr', '0612', 'klant123', '1234 ab'])
      local.search(query);
    // Nine searches; generous for a loaded CI machine, but far from a linear scan with typo checks per row.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
