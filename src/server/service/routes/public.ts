import { registerPublicEventRoutes } from './public/events';
import { registerPublicTicketTypeRoutes } from './public/tickettypes';
import type { ServiceApp } from './route-kit';

/** The public group (no authentication). Each resource registers its own routes. */
export function registerPublicRoutes(app: ServiceApp): void {
  registerPublicEventRoutes(app);
  registerPublicTicketTypeRoutes(app);
}
