import { registerPublicEventRoutes } from './public/events';
import { registerPublicOrderStatusRoutes } from './public/order-status';
import { registerPublicTicketTypeRoutes } from './public/tickettypes';
import type { ServiceApp } from './route-kit';

/** The public group (no authentication). Each resource registers its own routes. */
export function registerPublicRoutes(app: ServiceApp): void {
  registerPublicEventRoutes(app);
  registerPublicTicketTypeRoutes(app);
  registerPublicOrderStatusRoutes(app);
}
