/**
 * Waiting-list entry types in words: the waiting list's page and a customer's story show them (the story showed
 * "waiting" and "notified" on a Dutch screen).
 */
// Spec 3.5 names the first three; the reference service adds the other two.
export const WAITING_TYPES: Record<
  string,
  { label: { nl: string; en: string }; meaning: { nl: string; en: string }; color: string }
> = {
  waiting: {
    label: { nl: 'Wachtend', en: 'Waiting' },
    meaning: { nl: 'Wacht op vrijgekomen kaarten', en: 'Waiting for tickets to become available' },
    color: 'blue',
  },
  notified: {
    label: { nl: 'Bericht gestuurd', en: 'Notified' },
    meaning: { nl: 'Heeft bericht gekregen dat er kaarten zijn', en: 'Was told that tickets are available' },
    color: 'yellow',
  },
  converted: {
    label: { nl: 'Omgezet', en: 'Converted' },
    meaning: { nl: 'Heeft na het bericht kaarten gekocht', en: 'Bought tickets after being notified' },
    color: 'green',
  },
  expired: {
    label: { nl: 'Verlopen', en: 'Expired' },
    meaning: { nl: 'Reageerde niet op tijd op het bericht', en: 'Did not respond to the notification in time' },
    color: 'gray',
  },
  cancelled: {
    label: { nl: 'Afgemeld', en: 'Cancelled' },
    meaning: { nl: 'Heeft zich van de wachtlijst afgemeld', en: 'Left the waiting list' },
    color: 'red',
  },
};
