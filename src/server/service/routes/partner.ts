import { registerPartnerEventRoutes } from './partner/events';
import { registerHallRoutes } from './partner/halls';
import { registerPaymentMethodRoutes } from './partner/payment-methods';
import { registerProductionRoutes } from './partner/productions';
import { registerSeatingRoutes } from './partner/seating';
import type { ServiceApp } from './route-kit';

/** The partner group (API key required, checked by the app's middleware). */
export function registerPartnerRoutes(app: ServiceApp): void {
  registerHallRoutes(app);
  registerPartnerEventRoutes(app);
  registerProductionRoutes(app);
  registerSeatingRoutes(app);
  registerPaymentMethodRoutes(app);
}
