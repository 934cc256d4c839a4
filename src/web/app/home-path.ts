import { opens, type Session } from '../lib/session';
import { areaRoutes } from './area-routes';

/**
 * Where a person lands at `/` when the dashboard is not theirs: the home of their first area (the first
 * entry of their navigation), else their account. It reads every area, so it loads with them (never with
 * the sign-in page): app/access.ts imports it when it redirects.
 */
export function homePath(session: Session | null | undefined): string {
  return areaRoutes.find((area) => area.home !== undefined && opens(session, area))?.home ?? '/account';
}
