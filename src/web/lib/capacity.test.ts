import { describe, expect, it } from 'vitest';
import { capacityBreakdown } from './capacity';

describe('capacityBreakdown', () => {
  it('splits capacity into sold, blocked per type (zero counts left out) and available', () => {
    const breakdown = capacityBreakdown({
      availability: [
        { rankId: 1, rankName: 'A', capacity: 100, available: 40 },
        { rankId: 2, rankName: 'B', capacity: 50, available: 10 },
      ],
      blockAvailability: [
        { blockType: 'press', blockName: 'Pers', count: 4 },
        { blockType: 'wheel', blockName: 'Rolstoelplaats', count: 0 },
        { blockType: 'tech', blockName: 'Techniek', count: 6 },
      ],
    });
    expect(breakdown).toMatchObject({ capacity: 150, available: 50, blocked: 10, sold: 90 });
    expect(breakdown?.blocks.map((block) => block.blockType)).toEqual(['press', 'tech']);
  });

  it('is null without availability', () => {
    expect(capacityBreakdown({ availability: undefined, blockAvailability: undefined })).toBeNull();
  });
});
