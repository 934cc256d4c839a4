import { defineMessages } from '../../lib/i18n';

/** Texts of the organisation's access rules: single sign-on (its page) and a role's networks (the role dialog). */
export const accessMessages = defineMessages(
  {
    tabSso: 'Single sign-on',
    ssoTitle: 'Single sign-on (OpenID Connect)',
    ssoIntro:
      'Laat medewerkers aanmelden via de identiteitsprovider van uw organisatie. Wie via de provider komt, krijgt bij elke aanmelding de rol die bij zijn groep hoort; zonder passende groep geen toegang.',
    redirectUri: 'Redirect-URI om bij de provider te registreren',
    displayName: 'Naam op de aanmeldknop',
    issuer: 'Issuer-URL',
    issuerHint: 'De provider wordt gevonden via <issuer>/.well-known/openid-configuration.',
    clientId: 'Client-ID',
    clientSecret: 'Client secret',
    clientSecretSet: 'Er is een secret ingesteld. Laat leeg om het te houden.',
    emailClaim: 'Claim met het e-mailadres',
    groupClaim: 'Claim met de groepen',
    mapping: 'Groepen en rollen',
    mappingHint: 'De eerste regel met een groep van de persoon bepaalt de rol.',
    group: 'Groep',
    role: 'Rol',
    addLine: 'Regel toevoegen',
    removeLine: 'Regel {n} verwijderen',
    enabled: 'Aanmelden met de provider aanbieden',
    required: 'Verplicht voor iedereen behalve beheerders (noodtoegang met wachtwoord of passkey)',
    requiredHint:
      'Bij opslaan worden alle open sessies zonder single sign-on beëindigd, behalve die van beheerders; de anderen melden zich opnieuw aan via de provider.',
    ssoAdministratorsOnly:
      'Alleen wie alle bevoegdheden heeft, kan single sign-on instellen: de provider kan iedereen van de organisatie aanmelden, beheerders ook. U ziet de instellingen.',
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    networksTitle: 'Netwerken',
    networksIntro:
      'Van welke netwerken deze rol Foyer mag gebruiken (CIDR, IPv4 of IPv6, één per regel). Leeg: overal vandaan.',
    networks: 'Netwerken',
    networksSave: 'Netwerken opslaan',
    networksSaved: 'Netwerken opgeslagen.',
    networksInvalid:
      '{count, plural, one {Geen netwerk} other {Geen netwerken}}: {list}. Schrijf een adres met het aantal vaste bits, zoals 192.0.2.0/24 (0–32) of 2001:db8::/32 (0–128).',
    networksTooMany: 'Hoogstens 100 netwerken per rol.',
    ssoNameRequired: 'Vul de naam in die mensen van de provider kennen',
    ssoIssuerInvalid: 'Vul de issuer-URL in (https://…)',
    ssoClientIdRequired: 'Vul de client-ID in',
    ssoClaimRequired: 'Vul de naam van de claim in',
    ssoClaimCharacters: 'Alleen letters, cijfers en _ : . / -',
    ssoGroupRequired: 'Vul de groep in',
    ssoTooManyLines: 'Hoogstens 50 regels',
    ssoIssuerSilent:
      'Op deze issuer-URL antwoordt geen OpenID-provider (…/.well-known/openid-configuration). Controleer het adres, of zet “Aanmelden met de provider aanbieden” uit tot de provider klaar is.',
  },
  {
    tabSso: 'Single sign-on',
    ssoTitle: 'Single sign-on (OpenID Connect)',
    ssoIntro:
      "Let staff sign in through your organisation's identity provider. People who come through it get the role their group maps to at every sign-in; without a mapped group, no access.",
    redirectUri: 'Redirect URI to register at the provider',
    displayName: 'Name on the sign-in button',
    issuer: 'Issuer URL',
    issuerHint: 'The provider is found through <issuer>/.well-known/openid-configuration.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretSet: 'A secret is set. Leave empty to keep it.',
    emailClaim: 'Claim with the email address',
    groupClaim: 'Claim with the groups',
    mapping: 'Groups and roles',
    mappingHint: "The first line with one of the person's groups gives their role.",
    group: 'Group',
    role: 'Role',
    addLine: 'Add a line',
    removeLine: 'Remove line {n}',
    enabled: 'Offer signing in with the provider',
    required: 'Required for everyone but administrators (break-glass access with a password or passkey)',
    requiredHint:
      "Saving ends every open session that did not come through single sign-on, except administrators'; the others sign in again through the provider.",
    ssoAdministratorsOnly:
      'Only someone who holds every permission can set up single sign-on: its provider can sign in anyone of the organisation, administrators too. You see the settings.',
    save: 'Save',
    saved: 'Saved.',
    networksTitle: 'Networks',
    networksIntro:
      'The networks this role may use Foyer from (CIDR, IPv4 or IPv6, one per line). Empty: from anywhere.',
    networks: 'Networks',
    networksSave: 'Save networks',
    networksSaved: 'Networks saved.',
    networksInvalid:
      '{count, plural, one {Not a network} other {Not networks}}: {list}. Write an address with its number of fixed bits, such as 192.0.2.0/24 (0–32) or 2001:db8::/32 (0–128).',
    networksTooMany: 'At most 100 networks per role.',
    ssoNameRequired: 'Enter the name people know the provider by',
    ssoIssuerInvalid: 'Enter the issuer URL (https://…)',
    ssoClientIdRequired: 'Enter the client ID',
    ssoClaimRequired: 'Enter the claim name',
    ssoClaimCharacters: 'Letters, digits and _ : . / - only',
    ssoGroupRequired: 'Enter the group',
    ssoTooManyLines: 'At most 50 lines',
    ssoIssuerSilent:
      'No OpenID provider answers at this issuer URL (…/.well-known/openid-configuration). Check the address, or turn off “Offer signing in with the provider” until the provider is ready.',
  },
);

/** The gateway's (src/contract's) sentences of the single sign-on settings, by the key of their text here. */
export const SSO_CONTRACT_MESSAGES = {
  'Enter the name people know the provider by': 'ssoNameRequired',
  'Enter the issuer URL': 'ssoIssuerInvalid',
  'Enter the client id': 'ssoClientIdRequired',
  'Enter a claim name': 'ssoClaimRequired',
  'Letters, digits and _ : . / - only': 'ssoClaimCharacters',
  'Enter the group': 'ssoGroupRequired',
  'At most 50 lines': 'ssoTooManyLines',
  'No OpenID provider answers at this issuer URL': 'ssoIssuerSilent',
} as const satisfies Readonly<Record<string, keyof (typeof accessMessages)['nl']>>;
