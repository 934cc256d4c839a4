/**
 * The quick sale's walk-in customer as the service holds it, apart from the scan schemas so that the app's name
 * helper (and with it the first screens) takes it without zod.
 */

/** The walk-in customer's email: one per organisation (the service keeps emails unique per client). */
export const WALK_IN_EMAIL = 'walk-in@foyer.invalid';
/** The walk-in customer's names at the service; the app shows them in the reader's language (person-name.ts). */
export const WALK_IN_NAME = { customerFirstName: 'Walk-in', customerLastName: 'customer' } as const;
