import { useCallback } from 'react';
import type { CustomField } from '@/contract/custom-fields';
import { defineMessages, useMessages } from '../../lib/i18n';
import { useCustomFieldLabels } from './custom-field-queries';

/** A customer record's fields by name, as the duplicates' side-by-side view and the audit trail's changes show them. */
const customerFieldMessages = defineMessages(
  {
    'field:email': 'E-mail',
    'field:customerSalutation': 'Aanhef',
    'field:customerFirstName': 'Voornaam',
    'field:customerPreposition': 'Tussenvoegsel',
    'field:customerLastName': 'Achternaam',
    'field:customerAddress': 'Straat',
    'field:customerHouseNr': 'Huisnummer',
    'field:customerZip': 'Postcode',
    'field:customerCity': 'Plaats',
    'field:customerCountry': 'Land',
    'field:customerPhone': 'Telefoon',
    'field:customerExternalId': 'Externe referentie',
    'field:customerCustom1': 'Eigen veld 1',
    'field:customerCustom2': 'Eigen veld 2',
    'field:customerCustom3': 'Eigen veld 3',
    'field:customerCustom4': 'Eigen veld 4',
    'field:customerCustom5': 'Eigen veld 5',
    'field:customerCustom6': 'Eigen veld 6',
    'field:customerCustom7': 'Eigen veld 7',
    'field:customerTags': 'Labels',
    'field:customerCredit': 'Tegoed',
    'field:lastChanged': 'Laatst gewijzigd',
  },
  {
    'field:email': 'Email',
    'field:customerSalutation': 'Salutation',
    'field:customerFirstName': 'First name',
    'field:customerPreposition': 'Preposition',
    'field:customerLastName': 'Last name',
    'field:customerAddress': 'Street',
    'field:customerHouseNr': 'House number',
    'field:customerZip': 'Zip code',
    'field:customerCity': 'City',
    'field:customerCountry': 'Country',
    'field:customerPhone': 'Phone',
    'field:customerExternalId': 'External reference',
    'field:customerCustom1': 'Custom field 1',
    'field:customerCustom2': 'Custom field 2',
    'field:customerCustom3': 'Custom field 3',
    'field:customerCustom4': 'Custom field 4',
    'field:customerCustom5': 'Custom field 5',
    'field:customerCustom6': 'Custom field 6',
    'field:customerCustom7': 'Custom field 7',
    'field:customerTags': 'Tags',
    'field:customerCredit': 'Credit',
    'field:lastChanged': 'Last changed',
  },
);

type FieldKey = keyof (typeof customerFieldMessages)['nl'];

/**
 * A customer field's name in the reader's language, a custom field by the name the organisation gave it; null for
 * a key that is no customer field.
 */
export function useCustomerFieldName(): (field: string) => string | null {
  const t = useMessages(customerFieldMessages);
  const custom = useCustomFieldLabels(useCallback((_n: number, field: CustomField) => t(`field:${field}`), [t]));
  return useCallback(
    (field: string) => {
      if (field in custom) return custom[field as CustomField];
      const key = `field:${field}`;
      return key in customerFieldMessages.nl ? t(key as FieldKey) : null;
    },
    [custom, t],
  );
}
