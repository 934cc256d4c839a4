import { describe, expect, it } from 'vitest';
import { printerErrorText } from './printer-error';

describe('printerErrorText', () => {
  // A walkthrough's Dutch sale screen read "Afdrukken mislukt: Printer 127.0.0.1:9101 refused the connection: …".
  it("says the gateway's printer failures in Dutch, with the printer's address", () => {
    expect(
      printerErrorText(
        'Printer 127.0.0.1:9101 refused the connection: is it switched on, and is the port right?',
        'nl',
      ),
    ).toBe('Printer 127.0.0.1:9101 weigert de verbinding: staat hij aan, en klopt de poort?');
    expect(printerErrorText('Printer bon.kassa:9100 is out of paper: load a roll and retry.', 'nl')).toBe(
      'Printer bon.kassa:9100 heeft geen papier meer: plaats een rol en probeer opnieuw.',
    );
    expect(printerErrorText('Printer 10.0.0.5:9100 did not answer within 2.5 s: is it on?', 'nl')).toBe(
      'Printer 10.0.0.5:9100 antwoordde niet binnen 2,5 s: staat hij aan?',
    );
  });

  it('leaves English as written, and a message it does not know as written', () => {
    const refused = 'Printer 127.0.0.1:9101 refused the connection: is it switched on, and is the port right?';
    expect(printerErrorText(refused, 'en')).toBe(refused);
    expect(printerErrorText('Printer 127.0.0.1:9101: socket hang up', 'nl')).toBe(
      'Printer 127.0.0.1:9101: socket hang up',
    );
  });
});
