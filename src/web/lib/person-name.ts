import { ANONYMISED_FIRST_NAME, ANONYMISED_LAST_NAME } from '@/contract/privacy-limits';
import { WALK_IN_NAME } from '@/contract/walk-in';

interface NameParts {
  customerFirstName: string;
  customerPreposition: string;
  customerLastName: string;
}

/**
 * Foyer's own placeholder names, written to the service in English (an anonymised customer keeps a fixed name the
 * service requires; the quick sale's walk-in customer): shown in the reader's language, as every other word.
 */
const PLACEHOLDERS = [
  {
    first: ANONYMISED_FIRST_NAME,
    last: ANONYMISED_LAST_NAME,
    name: { nl: 'Geanonimiseerde klant', en: 'Anonymised customer' },
  },
  {
    first: WALK_IN_NAME.customerFirstName,
    last: WALK_IN_NAME.customerLastName,
    name: { nl: 'Losse bezoeker', en: 'Walk-in customer' },
  },
] as const;

/** The app's language as the locale provider set it on the document (outside a browser: Dutch, the default). */
const readerLanguage = (): 'nl' | 'en' =>
  typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'nl';

/** "Anna de Vries": first name, preposition and last name as the Dutch write them; a placeholder in words. */
export function personName(parts: NameParts): string {
  const first = parts.customerFirstName.trim();
  const last = parts.customerLastName.trim();
  if (parts.customerPreposition.trim() === '') {
    const placeholder = PLACEHOLDERS.find((entry) => entry.first === first && entry.last === last);
    if (placeholder) return placeholder.name[readerLanguage()];
  }
  return [first, parts.customerPreposition.trim(), last].filter((part) => part !== '').join(' ');
}
