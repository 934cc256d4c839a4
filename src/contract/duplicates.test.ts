import { describe, expect, it } from 'vitest';
import { fieldsToCopy } from './duplicates';

describe('fieldsToCopy', () => {
  it('takes only what the kept record lacks and the other has: blank is empty, spaces or null', () => {
    const kept = { customerCity: 'Utrecht', customerZip: '', customerPhone: '  ', customerCustom1: null };
    const other = {
      customerCity: 'Amersfoort',
      customerZip: '3811AB',
      customerPhone: '0612345678',
      customerCustom1: 'VR-00001',
      customerCustom2: '',
    };
    expect(fieldsToCopy(kept, other)).toEqual(['customerZip', 'customerPhone', 'customerCustom1']);
    expect(fieldsToCopy(other, kept)).toEqual([]);
  });
});
