import type { Queryable } from '../../db/database';

/**
 * What tagging a segment asks of the segments concern (its entry's `findSegment` and `segmentMemberIds`): a saved
 * segment of the organisation, and the ids of its members now. Methods, so the segments' own rule type fits
 * `rule` as it is.
 */
export interface SegmentMembers {
  findSegment(
    db: Queryable,
    organisationId: number,
    segmentId: number,
  ): Promise<{ id: number; name: string; rule: unknown } | null>;
  segmentMemberIds(db: Queryable, organisationId: number, rule: unknown): Promise<readonly number[]>;
}
