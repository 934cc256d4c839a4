import { defineMessages } from '../../lib/i18n';

export const seatPlanPageMessages = defineMessages(
  {
    title: 'Zaalplan',
    titleOf: 'Zaalplan: {event}',
    backToEvent: 'Terug naar de voorstelling',
    sell: 'Verkopen',
    intro: 'Beschikbaarheid per stoel. Kies stoelen om prijzen op te tellen; verkopen gaat via de kassa.',
    available: '{available, plural, one {# plaats} other {# plaatsen}} vrij',
    updatedAt: 'Bijgewerkt om {time}; ververst elke 30 seconden',
    refresh: 'Nu verversen',
    notFound: 'Geen zaalplan voor deze voorstelling',
    notFoundHint: 'De voorstelling bestaat niet of heeft geen zaalplan.',
    loading: 'Zaalplan laden…',
  },
  {
    title: 'Seat plan',
    titleOf: 'Seat plan: {event}',
    backToEvent: 'Back to the event',
    sell: 'Sell',
    intro: 'Availability per seat. Choose seats to add up prices; selling happens at the box office.',
    available: '{available} places available',
    updatedAt: 'Updated at {time}; refreshes every 30 seconds',
    refresh: 'Refresh now',
    notFound: 'No seat plan for this event',
    notFoundHint: 'The event does not exist or has no seat plan.',
    loading: 'Loading the seat plan…',
  },
);
