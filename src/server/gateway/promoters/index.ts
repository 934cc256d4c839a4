/**
 * The promoters concern's public entry: a production's dashboard as a promoter follows it (promoter-routes.ts),
 * and the service that reads it, for the exports' scheduled production reports. Nothing else is used from
 * outside this folder.
 */
export { registerPromoterRoutes } from './promoter-routes';
export { type DashboardViewer, PromoterService } from './promoter-service';
