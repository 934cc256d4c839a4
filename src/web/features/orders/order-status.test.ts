import { describe, expect, it } from 'vitest';
import { statusTip } from './order-status';

describe('statusTip', () => {
  it('names the label, then the meaning and the value sent', () => {
    expect(statusTip('Besteld', 'Gewone bestelling', 'ord')).toBe('Besteld: Gewone bestelling (ord)');
  });

  it('says the label once when the meaning is the same or unknown', () => {
    expect(statusTip('Geannuleerd', 'Geannuleerd', 'cancel')).toBe('Geannuleerd (cancel)');
    expect(statusTip('weird', '', 'weird')).toBe('weird');
  });
});
