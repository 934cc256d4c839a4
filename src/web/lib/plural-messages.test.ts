import { describe, expect, it } from 'vitest';
import { interpolate, type Language, type MessageSet } from './i18n';

/**
 * Every count in the app's texts agrees with its noun: "1 klant", "2 klanten", never "1 klanten" (a walkthrough
 * found "1 voorstellingen", "1 tickets" and "1 paren" on three pages). A placeholder written straight before a
 * plural noun must be an ICU plural (`{count, plural, one {# klant} other {# klanten}}`, see i18n.tsx).
 */

const PLURAL_NOUNS = {
  nl: [
    'voorstellingen',
    'klanten',
    'verkopen',
    'bestellingen',
    'leden',
    'regels',
    'records',
    'kaarten',
    'tickets',
    'aanmeldingen',
    'groepen',
    'resultaten',
    'stoelen',
    'plaatsen',
    'labels',
    'paren',
    'personen',
    'dagen',
    'velden',
    'notities',
  ],
  en: [
    'performances',
    'events',
    'customers',
    'sales',
    'orders',
    'members',
    'entries',
    'records',
    'tickets',
    'groups',
    'results',
    'seats',
    'tags',
    'pairs',
    'people',
    'days',
    'rows',
    'fields',
    'notes',
  ],
} as const satisfies Record<Language, readonly string[]>;

/** Texts whose count is never one (said why), written plainly. */
const NEVER_ONE = new Set([
  // A selection cut at the most a job takes (thousands).
  'customers-messages.ts selectTruncated',
  // Scattered seats are chosen only for two or more.
  'seat-plan-messages.ts bestScattered',
  // Shown only when more groups exist than the summary lists at first (several).
  'analysis-messages.ts showAllGroups',
]);

const sets = import.meta.glob<{ [name: string]: unknown }>('../**/*messages.ts', { eager: true });

function messageSets(): [string, MessageSet<string>][] {
  return Object.entries(sets).flatMap(([path, module]) =>
    Object.values(module)
      .filter((value): value is MessageSet<string> => typeof value === 'object' && value !== null && 'nl' in value)
      .map((set): [string, MessageSet<string>] => [path.split('/').at(-1) ?? path, set]),
  );
}

describe('counted nouns in the app’s texts', () => {
  it('finds the message sets', () => {
    expect(messageSets().length).toBeGreaterThan(30);
  });

  for (const language of ['nl', 'en'] as const) {
    it(`writes a count before a plural noun as a plural form (${language})`, () => {
      const countedNoun = new RegExp(`\\{(\\w+)\\} (${PLURAL_NOUNS[language].join('|')})\\b`);
      const found: string[] = [];
      for (const [file, set] of messageSets()) {
        for (const [key, text] of Object.entries(set[language])) {
          if (typeof text !== 'string' || NEVER_ONE.has(`${file} ${key}`)) continue;
          const match = countedNoun.exec(text);
          if (!match) continue;
          // Only a placeholder given a number: one that a plural rule turns singular at 1.
          const one = interpolate(text, { [match[1] as string]: 1 }, language);
          if (new RegExp(`\\b1 ${match[2]}\\b`).test(one)) found.push(`${file} ${key}: ${text}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
