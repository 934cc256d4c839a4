import { describe, expect, it } from 'vitest';
import { salesPointFormSchema, valuesOf } from './sales-point-form-model';

describe('the sales point form’s check', () => {
  it('refuses a printer port out of range on its field, as typed (the input no longer clamps it)', () => {
    const values = { ...valuesOf(null), name: 'Kassa 9', receiptPrinter: true, receiptHost: '192.0.2.7' };
    expect(salesPointFormSchema.safeParse({ ...values, receiptPort: 9100 }).success).toBe(true);
    const refused = salesPointFormSchema.safeParse({ ...values, receiptPort: 99999 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['receiptPort', '1 to 65535'],
    ]);
  });
});
