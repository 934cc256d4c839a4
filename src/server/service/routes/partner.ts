import { registerPartnerCartRoutes } from './partner/cart';
import { registerCustomerRoutes } from './partner/customers';
import { registerPartnerEventRoutes } from './partner/events';
import { registerExportRoutes } from './partner/exports';
import { registerHallRoutes } from './partner/halls';
import { registerOrderRoutes } from './partner/orders';
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
  registerCustomerRoutes(app);
  registerOrderRoutes(app);
  registerExportRoutes(app);
  registerPartnerCartRoutes(app);
}
