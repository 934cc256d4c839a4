import { describe, expect, it } from 'vitest';
import { hallAddress, safeWebsite } from './hall-address';

describe('hall address and website', () => {
  it('joins the parts the service sent', () => {
    expect(hallAddress({ hallAddress: 'Spui 1', hallZip: '2511 BL', hallCity: 'Den Haag' })).toBe(
      'Spui 1, 2511 BL Den Haag',
    );
    expect(hallAddress({ hallAddress: '', hallZip: '', hallCity: 'Delft' })).toBe('Delft');
  });

  it('links only http(s) addresses, adding https to a bare host', () => {
    expect(safeWebsite('www.example.nl')).toBe('https://www.example.nl/');
    expect(safeWebsite('http://example.nl/zaal')).toBe('http://example.nl/zaal');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
  });
});
