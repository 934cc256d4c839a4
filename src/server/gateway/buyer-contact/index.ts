/**
 * The buyer-contact concern's public entry: whether a person sees buyers' contact details (customers:contact),
 * and the cuts that leave them out of a buyer, a table's columns or a record. A leaf: it uses no other concern,
 * so the forwarder, the reports and the exports all cut the same way.
 */
export {
  buyerByName,
  recordWithoutContact,
  seesBuyerContact,
  withoutContactColumns,
} from './buyer-contact';
