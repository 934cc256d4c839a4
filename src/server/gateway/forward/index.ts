/**
 * The forward concern's public entry: the handler of `/api/v1/{client_name}/...`, which passes a person's call to
 * the Ticketing Service behind the route's permission and limits (forward-limits.ts), audits it, writes the
 * changes it made through to the mirror and joins a sale to the seller's shift. Nothing else is used from
 * outside this folder.
 */
export { forwardHandler } from './forwarder';
