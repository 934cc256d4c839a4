/**
 * The paths whose segment after the prefix is a one-time secret (an invitation, reset or setup token): whoever
 * reads the audit trail or the log could otherwise use a link not yet spent, so they keep only where it was used.
 */
const SECRET_SEGMENT = /^(\/api\/(?:links|setup)\/)[^/]+/;

/** `path` as the audit trail and the log may keep it: a one-time token replaced by `…`. */
export function redactedPath(path: string): string {
  return path.replace(SECRET_SEGMENT, '$1…');
}
