import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { languageOf, useLocale } from '../../lib/i18n';
import type { ScanPlace } from './scan-answer';
import { listenForScans } from './scan-listener';
import { notifyScanRefused } from './scan-refused';
import { buyerTaker } from './scanned-buyer';

/**
 * The app-wide scanner (issue 31 item 4), mounted once by the shell for those who open orders: a scanned ticket,
 * receipt or payment QR opens its order; in the box office a customer card or email becomes the sale's buyer
 * (scanned-buyer.ts). The listener comes with the shell, so a scan is caught from the first screen on; what a code
 * turns out to be, and what follows (scan-answer.ts), loads with the first scan.
 */
export function ScannerHost() {
  const navigate = useNavigate();
  const { locale } = useLocale();
  const page = useRef({ navigate, language: languageOf(locale) });
  page.current = { navigate, language: languageOf(locale) };
  useEffect(
    () =>
      listenForScans((code) => {
        // The place is the one where the scan ended: the box office's sale may be gone once the answer is in.
        const place: ScanPlace = { ...page.current, take: buyerTaker() };
        void import('./scan-answer').then(
          ({ answerScan }) => answerScan(code, place),
          // Its code could not be loaded (the network, a new deployment): the scan is said not opened, as a refused one.
          (error: unknown) => notifyScanRefused(error, place.language),
        );
      }),
    [],
  );
  return null;
}
