import { useQuery } from '@tanstack/react-query';
import type { Permission } from '../../contract/staff';
import { can, sessionQuery } from './session';

/**
 * Whether the signed-in person's role allows any of `permissions`: for the actions inside a page (a button,
 * a link to another area), so nobody is offered what the gateway would refuse them. The session is in the
 * query cache before any signed-in page renders (the router's loader put it there).
 */
export function useCan(...permissions: Permission[]): boolean {
  const { data: session } = useQuery(sessionQuery);
  return can(session, permissions);
}
