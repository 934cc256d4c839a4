/**
 * The gateway's rule for staff:manage (server permissions/delegation.ts), so that the app offers only what it
 * allows: a role, or a person by their role, is within reach when all its permissions are the viewer's own.
 * Nobody changes their own role either.
 */
export function withinReach(mine: readonly string[], theirs: readonly string[]): boolean {
  return theirs.every((permission) => mine.includes(permission));
}

/** What a person gains and loses when their role's permissions `from` become `to`. */
export function permissionChange(from: readonly string[], to: readonly string[]): { gained: string[]; lost: string[] } {
  return {
    gained: to.filter((permission) => !from.includes(permission)),
    lost: from.filter((permission) => !to.includes(permission)),
  };
}
