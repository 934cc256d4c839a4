import type { Hall } from '../../lib/schemas/hall';

/** "Spui 1, 2511 BL Den Haag": the parts the service sent, in Dutch address order. */
export function hallAddress(hall: Pick<Hall, 'hallAddress' | 'hallZip' | 'hallCity'>): string {
  const place = [hall.hallZip, hall.hallCity].filter(Boolean).join(' ');
  return [hall.hallAddress, place].filter(Boolean).join(', ');
}

/** A link only for an http(s) address: a service's free text never becomes a `javascript:` URL. */
export function safeWebsite(url: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
