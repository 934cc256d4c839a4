/**
 * Desk notes and flags, as the rest of the gateway uses them: the routes, and for the concerns that answer for a
 * whole customer (the story, a privacy package, anonymising, merging duplicates) the notes and flags of one, a
 * note added by their own work, and everything removed at once.
 */
export { registerCustomerNotesRoutes } from './customer-notes-routes';
export {
  addCustomerNote,
  deleteNotesOfCustomer,
  flagMarksOfCustomer,
  notesOfCustomer,
} from './customer-notes-service';
export { notesBefore } from './customer-notes-store';
