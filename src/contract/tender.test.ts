import { describe, expect, it } from 'vitest';
import { tenderOf } from './tender';

describe('tenderOf', () => {
  it.each([
    ['Contant', false, 'cash'],
    ['Cash', false, 'cash'],
    ['Pin', false, 'card'],
    ['Pinautomaat', false, 'card'],
    ['Betaalkaart (contactloos)', false, 'card'],
    ['Op rekening', false, 'other'],
    ['Cadeaukaart', false, 'other'],
    ['Creditcard', true, 'online'],
    ['iDEAL', true, 'online'],
    ['', false, 'other'],
  ] as const)('%s (online: %s) → %s', (name, online, tender) => {
    expect(tenderOf(name, online)).toBe(tender);
  });
});
