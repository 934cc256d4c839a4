import { type Language, languageOf, useLocale } from '../../lib/i18n';

/**
 * The gateway's printer failures (printer-connection.ts) in the reader's language: the sale screen and the printer
 * chip showed "Printer 127.0.0.1:9101 refused the connection: …" on a Dutch screen. A message not known here (a
 * newer gateway's, or the system's own words after "Printer host:port: ") is shown as written. The gateway writes
 * them in English; each is listed with its Dutch.
 */
const PRINTER_ERRORS: readonly { pattern: RegExp; nl: (m: string[]) => string }[] = [
  {
    pattern: /^Printer (\S+) refused the connection: is it switched on, and is the port right\?$/,
    nl: ([, where]) => `Printer ${where} weigert de verbinding: staat hij aan, en klopt de poort?`,
  },
  {
    pattern: /^Printer (\S+) cannot be reached on the network\.$/,
    nl: ([, where]) => `Printer ${where} is niet bereikbaar op het netwerk.`,
  },
  {
    pattern: /^Printer (\S+): no such host name\.$/,
    nl: ([, where]) => `Printer ${where}: deze hostnaam bestaat niet.`,
  },
  {
    pattern: /^Printer (\S+) broke off the connection while printing\.$/,
    nl: ([, where]) => `Printer ${where} verbrak de verbinding tijdens het afdrukken.`,
  },
  {
    pattern: /^Printer (\S+) did not answer within ([\d.]+) s: is it on\?$/,
    nl: ([, where, seconds]) =>
      `Printer ${where} antwoordde niet binnen ${seconds?.replace('.', ',')} s: staat hij aan?`,
  },
  {
    pattern: /^Printer (\S+) stopped taking the job \(nothing for ([\d.]+) s\): check it and retry\.$/,
    nl: ([, where, seconds]) =>
      `Printer ${where} nam de opdracht niet meer aan (${seconds?.replace('.', ',')} s niets): kijk hem na en probeer opnieuw.`,
  },
  {
    pattern: /^Printer (\S+) stopped answering\.$/,
    nl: ([, where]) => `Printer ${where} antwoordt niet meer.`,
  },
  {
    pattern: /^Printer (\S+) is out of paper: load a roll and retry\.$/,
    nl: ([, where]) => `Printer ${where} heeft geen papier meer: plaats een rol en probeer opnieuw.`,
  },
  {
    pattern: /^Printer (\S+) closed the connection before the job was sent\.$/,
    nl: ([, where]) => `Printer ${where} sloot de verbinding voordat de opdracht verstuurd was.`,
  },
];

export function printerErrorText(message: string, language: Language): string {
  if (language === 'en') return message;
  for (const known of PRINTER_ERRORS) {
    const match = known.pattern.exec(message);
    if (match) return known.nl([...match]);
  }
  return message;
}

/** `text(message)`: a printer failure in the reader's language. */
export function usePrinterErrorText(): (message: string) => string {
  const { locale } = useLocale();
  const language = languageOf(locale);
  return (message) => printerErrorText(message, language);
}
