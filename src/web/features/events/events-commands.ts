import type { AreaCommands } from '../../lib/area';
import { eventsArea } from './events-area';

/**
 * The events in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const eventsCommands: AreaCommands = {
  area: eventsArea,
  description: { nl: 'Voorstellingen, beschikbaarheid en blokkades', en: 'Events, availability and blocked seats' },
  commands: [
    {
      id: 'events:today',
      label: { nl: 'Voorstellingen van vandaag', en: "Today's events" },
      keywords: ['events', 'voorstellingen', 'vandaag', 'today'],
      run: ({ navigate }) => void navigate('/events?range=today'),
    },
    {
      id: 'events:by-production',
      label: { nl: 'Voorstellingen per productie', en: 'Events by production' },
      keywords: ['productions', 'producties'],
      run: ({ navigate }) => void navigate('/events?group=production'),
    },
    {
      id: 'events:occupancy',
      label: { nl: 'Bezetting', en: 'Occupancy' },
      description: {
        nl: 'Bezetting, verkoop per voorstelling, boekingsverloop, blokkades en wachtlijst',
        en: 'Occupancy, sales per performance, booking pace, blocked seats and waiting list',
      },
      keywords: [
        'occupancy',
        'bezetting',
        'capaciteit',
        'capacity',
        'sold',
        'verkocht',
        'pace',
        'boekingsverloop',
        'wachtlijst',
        'waiting list',
        'rapportage',
        'report',
      ],
      run: ({ navigate }) => void navigate('/events/occupancy'),
    },
    {
      id: 'halls',
      label: { nl: 'Zalen', en: 'Halls' },
      description: { nl: 'Adressen en voorstellingen per zaal', en: 'Addresses and events per hall' },
      keywords: ['halls', 'zalen', 'venue'],
      run: ({ navigate }) => void navigate('/halls'),
    },
  ],
};
