import { defineMessages } from '../../lib/i18n';

/** Texts of single sign-on on the sign-in page: the provider's button and why a sign-in came back refused. */
export const ssoMessages = defineMessages(
  {
    signInWith: 'Aanmelden met {name}',
    'failure:expired':
      'De aanmelding via uw organisatie is verlopen of kwam uit een andere browser. Probeer het opnieuw.',
    'failure:provider-refused':
      'Uw organisatie heeft de aanmelding geweigerd. Vraag uw IT-afdeling of uw account toegang heeft.',
    'failure:provider-error': 'De aanmelding via uw organisatie kon niet worden bevestigd. Probeer het opnieuw.',
    'failure:no-email': 'Uw organisatie gaf geen (bevestigd) e-mailadres door. Vraag uw IT-afdeling dit in te stellen.',
    'failure:no-role':
      'Geen van uw groepen geeft toegang tot Foyer. Vraag uw IT-afdeling u aan de juiste groep toe te voegen.',
    'failure:disabled': 'Uw Foyer-account is uitgeschakeld. Vraag een beheerder.',
    'failure:other-organisation': 'Dit e-mailadres hoort bij een andere organisatie in Foyer.',
    'failure:address':
      'Uw rol mag Foyer alleen vanaf de netwerken van uw organisatie gebruiken. Maak verbinding met het netwerk of de VPN van het theater.',
    'failure:throttled': 'Te veel mislukte pogingen. Wacht even en probeer het opnieuw.',
  },
  {
    signInWith: 'Sign in with {name}',
    'failure:expired': 'The sign-in through your organisation expired or came from another browser. Try again.',
    'failure:provider-refused':
      'Your organisation refused the sign-in. Ask your IT department whether your account has access.',
    'failure:provider-error': 'The sign-in through your organisation could not be confirmed. Try again.',
    'failure:no-email': 'Your organisation sent no (verified) email address. Ask your IT department to set it up.',
    'failure:no-role':
      'None of your groups gives access to Foyer. Ask your IT department to add you to the right group.',
    'failure:disabled': 'Your Foyer account is disabled. Ask an administrator.',
    'failure:other-organisation': 'This email address belongs to another organisation in Foyer.',
    'failure:address':
      "Your role may use Foyer only from your organisation's networks. Connect to the venue's network or VPN.",
    'failure:throttled': 'Too many failed attempts. Wait a moment and try again.',
  },
);
