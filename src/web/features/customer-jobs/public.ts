/** What other features may use of the customer jobs (the segment page mounts these two panels). */
export { AutoTagPanel } from './auto-tag-panel';
export { TagSegmentPanel } from './tag-segment-panel';
