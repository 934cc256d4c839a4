import type { AreaCommands } from '../../lib/area';
import { customersArea } from './customers-area';

/**
 * The customers in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const customersCommands: AreaCommands = {
  area: customersArea,
  description: { nl: 'Klanten zoeken, bewerken en labelen', en: 'Find, edit and tag customers' },
  commands: [
    {
      id: 'customers:new',
      requires: ['customers:write'],
      label: { nl: 'Nieuwe klant', en: 'New customer' },
      keywords: ['customer', 'klant', 'create', 'aanmaken'],
      run: ({ navigate }) => void navigate('/customers/new'),
    },
    {
      id: 'customers:tags',
      label: { nl: 'Labels en aantallen klanten', en: 'Tags and customer counts' },
      keywords: ['tags', 'labels', 'clienttypes'],
      run: ({ navigate }) => void navigate('/customers/tags'),
    },
    {
      id: 'customers:flags',
      requires: ['notes:write'],
      label: { nl: 'Klantvlaggen beheren', en: 'Manage customer flags' },
      keywords: ['flags', 'vlaggen', 'notes', 'notities', 'wheelchair', 'rolstoel'],
      run: ({ navigate }) => void navigate('/customers/flags'),
    },
    {
      id: 'customers:fields',
      requires: ['customers:write'],
      label: { nl: 'Eigen velden een naam geven', en: 'Name the custom fields' },
      keywords: ['custom', 'fields', 'eigen', 'velden', 'extra', 'namen'],
      run: ({ navigate }) => void navigate('/customers/fields'),
    },
    {
      id: 'customers:privacy',
      requires: ['privacy:manage'],
      label: { nl: 'Privacy en bewaartermijn', en: 'Privacy and retention' },
      keywords: ['privacy', 'avg', 'gdpr', 'anonymise', 'anonimiseren', 'retention', 'bewaartermijn'],
      run: ({ navigate }) => void navigate('/customers/privacy'),
    },
    {
      id: 'customers:jobs',
      requires: ['segments:manage', 'privacy:manage'],
      label: { nl: 'Klantentaken (labelen, automatische labels)', en: 'Customer jobs (tagging, auto tags)' },
      keywords: ['jobs', 'taken', 'tagging', 'segment', 'progress', 'voortgang'],
      run: ({ navigate }) => void navigate('/customers/jobs'),
    },
    {
      id: 'customers:duplicates',
      requires: ['duplicates:review'],
      label: { nl: 'Dubbele klanten beoordelen', en: 'Review duplicate customers' },
      keywords: ['duplicates', 'dubbel', 'merge', 'samenvoegen'],
      run: ({ navigate }) => void navigate('/customers/duplicates'),
    },
  ],
};
