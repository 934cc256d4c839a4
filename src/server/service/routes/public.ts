import { registerPublicCartRoutes } from './public/cart';
import { registerPublicEventRoutes } from './public/events';
import { registerPublicOrderCreateRoutes } from './public/order-create';
import { registerPublicOrderStatusRoutes } from './public/order-status';
import { registerPaymentPageRoutes } from './public/payment-pages';
import { registerPublicTicketTypeRoutes } from './public/tickettypes';
import type { ServiceApp } from './route-kit';

/** The public group (no authentication). Each resource registers its own routes. */
export function registerPublicRoutes(app: ServiceApp): void {
  registerPublicEventRoutes(app);
  registerPublicTicketTypeRoutes(app);
  registerPublicOrderStatusRoutes(app);
  registerPublicCartRoutes(app);
  registerPublicOrderCreateRoutes(app);
  registerPaymentPageRoutes(app);
}
