/**
 * The promoters concern's public entry: a production's dashboard as a promoter follows it (promoter-routes.ts).
 * Nothing else is used from outside this folder.
 */
export { registerPromoterRoutes } from './promoter-routes';
