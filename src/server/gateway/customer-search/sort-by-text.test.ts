import { describe, expect, it } from 'vitest';
import { sortIdsByText } from './sort-by-text';

/** What sortIdsByText must give: ids by text (UTF-16 code units, as `<` compares), equal texts by id. */
function expected(texts: readonly string[], ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => {
    const x = texts[a] as string;
    const y = texts[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

describe('sortIdsByText', () => {
  it('orders by the whole text, also where the first six characters agree', () => {
    const texts = ['0612345678', '061234', '0612345', 'anna@example.nl', 'anna', '0612340000', '1', '10', '2'];
    const ids = texts.map((_, id) => id);
    expect(Array.from(sortIdsByText(texts, Int32Array.from(ids)))).toEqual(expected(texts, ids));
  });

  it('keeps equal texts together, lowest id first', () => {
    const texts = ['jansen', 'bakker', 'jansen', 'bakker', 'jansen'];
    expect(Array.from(sortIdsByText(texts, Int32Array.of(4, 2, 0, 3, 1)))).toEqual([1, 3, 0, 2, 4]);
  });

  it('orders characters beyond ASCII by their code, as the index compares', () => {
    const texts = [
      'zoë',
      'zoe',
      'zoé',
      'zoü',
      'zoé.a',
      'zoüa',
      'zo\u00ff',
      'zo\u0100x',
      'zo\u0100',
      'zo',
      'z\u4e2d',
      'zo\u007f',
    ];
    const ids = texts.map((_, id) => id);
    expect(Array.from(sortIdsByText(texts, Int32Array.from(ids)))).toEqual(expected(texts, ids));
  });

  it('sorts only the ids given', () => {
    const texts = ['c', 'b', 'a', 'd'];
    expect(Array.from(sortIdsByText(texts, Int32Array.of(3, 0, 2)))).toEqual([2, 0, 3]);
    expect(Array.from(sortIdsByText(texts, new Int32Array(0)))).toEqual([]);
  });

  it('sorts ids too large to pack all the same', () => {
    const texts: string[] = [];
    texts[5_000_000] = 'b';
    texts[3] = 'c';
    texts[4_194_304] = 'a';
    expect(Array.from(sortIdsByText(texts, Int32Array.of(3, 5_000_000, 4_194_304)))).toEqual([4_194_304, 5_000_000, 3]);
  });

  it('agrees with a comparator sort on many random tokens', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const alphabet = '0123456789abcdefghij.@-éü';
    const texts = Array.from({ length: 5000 }, () => {
      const length = 1 + Math.floor(random() * 12);
      let text = random() < 0.5 ? '0612' : '';
      for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)];
      return text;
    });
    const ids = texts.map((_, id) => id);
    expect(Array.from(sortIdsByText(texts, Int32Array.from(ids)))).toEqual(expected(texts, ids));
  });
});
