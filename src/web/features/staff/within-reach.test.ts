import { describe, expect, it } from 'vitest';
import { withinReach } from './within-reach';

describe('withinReach', () => {
  it('holds when every permission of the role is the viewer’s own', () => {
    expect(withinReach(['staff:manage', 'audit:read'], ['audit:read'])).toBe(true);
    expect(withinReach(['staff:manage'], [])).toBe(true);
    expect(withinReach(['staff:manage'], ['staff:manage', 'audit:read'])).toBe(false);
  });
});
