import { afterEach, describe, expect, it } from 'vitest';
import { personName } from './person-name';

const name = (customerFirstName: string, customerPreposition: string, customerLastName: string) =>
  personName({ customerFirstName, customerPreposition, customerLastName });

describe('personName', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('joins first name, preposition and last name, leaving out empty parts', () => {
    expect(name('Anna', 'de', 'Vries')).toBe('Anna de Vries');
    expect(name(' Jan ', '', 'Jansen')).toBe('Jan Jansen');
    expect(name('', '', '')).toBe('');
  });

  it("says Foyer's placeholder names in the reader's language (they were English on a Dutch screen)", () => {
    document.documentElement.lang = 'nl';
    expect(name('Anonymised', '', 'Customer')).toBe('Geanonimiseerde klant');
    expect(name('Walk-in', '', 'customer')).toBe('Losse bezoeker');
    document.documentElement.lang = 'en';
    expect(name('Anonymised', '', 'Customer')).toBe('Anonymised customer');
    expect(name('Walk-in', '', 'customer')).toBe('Walk-in customer');
  });

  it('leaves a real name that merely resembles a placeholder as it is', () => {
    expect(name('Anonymised', 'van', 'Customer')).toBe('Anonymised van Customer');
    expect(name('Walk-in', '', 'Customers')).toBe('Walk-in Customers');
  });
});
