/**
 * What anonymising writes and the retention period's limits (src/contract/privacy.ts holds the requests and
 * answers), apart from the schemas so that the customer page and the customer search take them without zod.
 */

/**
 * An anonymised customer's email: unique (the customer's own number), accepted by the service's email rule,
 * and undeliverable (`.invalid` is reserved for that, RFC 2606), so no mailing reaches anyone through it.
 */
export function anonymisedEmail(customerId: number): string {
  return `anonymised-${customerId}@${ANONYMISED_EMAIL_DOMAIN}`;
}

export const ANONYMISED_EMAIL_DOMAIN = 'anonymised.invalid';

/** Whether an email is an anonymised customer's placeholder (the search forgets what such a record replaced). */
export function isAnonymisedEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${ANONYMISED_EMAIL_DOMAIN}`);
}

/** The names an anonymised customer keeps: the service requires a first and a last name. */
export const ANONYMISED_FIRST_NAME = 'Anonymised';
export const ANONYMISED_LAST_NAME = 'Customer';

/** Years the retention list looks back by default, until the organisation sets its own. */
export const DEFAULT_RETENTION_YEARS = 7;
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 30;
