/**
 * Address rules (issue 33 item 2): the networks each role may be used from, the gate every signed-in request
 * and every sign-in passes, and the routes of a role's networks. Nothing else is used from outside this folder.
 */
export { registerAddressRuleRoutes } from './address-rules-routes';
export { AddressGate } from './address-rules-service';
