import { registerHallRoutes } from './partner/halls';
import type { ServiceApp } from './route-kit';

/** The partner group (API key required, checked by the app's middleware). */
export function registerPartnerRoutes(app: ServiceApp): void {
  registerHallRoutes(app);
}
