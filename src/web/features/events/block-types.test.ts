import { describe, expect, it } from 'vitest';
import { blockLabel } from './block-types';

describe("a block's label", () => {
  it('puts the meaning beside the name, or alone where it already says the name', () => {
    expect(blockLabel('Beperkt zicht', 'Beperkt zicht')).toBe('Beperkt zicht');
    expect(blockLabel('Pers', 'Persplaatsen')).toBe('Persplaatsen');
    expect(blockLabel('Beperkt zicht', 'Obstructed view')).toBe('Beperkt zicht (Obstructed view)');
    expect(blockLabel('Gasten', 'Gereserveerd voor gasten')).toBe('Gereserveerd voor gasten');
    expect(blockLabel('Bespeler', 'Vastgehouden voor de bespeler')).toBe('Vastgehouden voor de bespeler');
    expect(blockLabel('Zaalhuur', 'Vastgehouden door het theater')).toBe('Zaalhuur (Vastgehouden door het theater)');
    expect(blockLabel('', 'Rolstoelplaatsen')).toBe('Rolstoelplaatsen');
  });
});
