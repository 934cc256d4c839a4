import { defineMessages } from '../../lib/i18n';

/** Texts of the custom fields' names: the page that sets them, and the name of a field without one. */
export const customFieldsMessages = defineMessages(
  {
    title: 'Eigen velden',
    intro:
      'Uw klanten hebben zeven eigen velden. Geef ze hier een naam, zoals “Abonnement” of “Dieetwens”: die naam staat dan op de klantpagina, in het klantformulier, in segmenten, bij dubbele klanten en in een inzagebrief. Een veld zonder naam heet “Eigen veld 1” tot “Eigen veld 7”.',
    fieldLabel: 'Naam van eigen veld {n}',
    placeholder: 'Geen naam',
    save: 'Namen opslaan',
    saved: 'De namen zijn opgeslagen.',
    nothingChanged: 'Er is niets gewijzigd.',
    nameTooLong: 'Ten hoogste {max} tekens.',
    nameTaken: 'Een ander eigen veld heeft deze naam al.',
  },
  {
    title: 'Custom fields',
    intro:
      'Your customers have seven custom fields. Name them here, such as “Subscription” or “Dietary needs”: the name then shows on the customer page, in the customer form, in segments, with duplicate customers and in an access letter. A field without a name is called “Custom field 1” to “Custom field 7”.',
    fieldLabel: 'Name of custom field {n}',
    placeholder: 'No name',
    save: 'Save names',
    saved: 'The names have been saved.',
    nothingChanged: 'Nothing was changed.',
    nameTooLong: 'At most {max} characters.',
    nameTaken: 'Another custom field has this name already.',
  },
);
