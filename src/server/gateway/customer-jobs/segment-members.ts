import type { Database } from '../../db/database';

/**
 * What tagging a segment asks of the segments concern (its entry's `findSegment` and `segmentMemberIds`): a saved
 * segment of the organisation, and the ids of its members now. Methods, so the segments' own rule type fits
 * `rule` as it is.
 */
export interface SegmentMembers {
  findSegment(
    db: Database,
    organisationId: number,
    segmentId: number,
  ): Promise<{ id: number; name: string; rule: unknown } | null>;
  segmentMemberIds(db: Database, organisationId: number, rule: unknown): Promise<readonly number[]>;
}
