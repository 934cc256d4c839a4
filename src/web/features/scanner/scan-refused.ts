import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { type Language, translator } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { scannerMessages } from './scanner-messages';

/**
 * A scan that could not be answered, said in a toast that blocks nothing: the gateway refused it or could not be
 * reached (scan-answer.ts), or the code that answers scans could not be loaded (scanner-host.tsx).
 */
export function notifyScanRefused(error: unknown, language: Language): void {
  void notify({
    title: translator(scannerMessages, language)('refusedTitle'),
    message: describeError(error, translator(appMessages, language)),
    color: 'red',
  });
}
