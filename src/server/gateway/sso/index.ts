/**
 * Single sign-on with OpenID Connect (issue 33 item 1): the routes (providers, the flow, the settings), the
 * provider clients the gateway keeps, and the sign-in check of an organisation that requires SSO. Nothing else
 * is used from outside this folder.
 */
export { ProviderClients } from './provider-client';
export { registerSsoRoutes } from './sso-routes';
export { SsoService } from './sso-service';
