/**
 * The connection concern's public entry: the organisations and their sealed API keys (opened only by the upstream
 * client), the master key's vault, the check that the service accepts a key (setup), and the routes of the
 * organisation's connection. Nothing else is used from outside this folder.
 */
export { registerConnectionRoutes } from './connection-routes';
export { checkApiKey } from './connection-service';
export { type KeyVault, loadKeyVault } from './key-vault';
export { Organisations } from './organisations';
