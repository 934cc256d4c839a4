import type { ServiceApp } from './route-kit';

/** The public group (no authentication). Each resource registers its own routes. */
export function registerPublicRoutes(app: ServiceApp): void {
  void app;
}
