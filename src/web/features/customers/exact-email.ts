const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A whole email address: the gateway then also asks the service (findByEmail), and the screens say so. */
export function isExactEmail(text: string): boolean {
  return EXACT_EMAIL.test(text.trim());
}
