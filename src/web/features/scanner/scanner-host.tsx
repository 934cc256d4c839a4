import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ScanResult } from '@/contract/scan';
import { describeError } from '../../components/error-message';
import { apiClient } from '../../lib/api-client';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { listenForScans } from './scan-listener';
import { buyerTaker } from './scanned-buyer';
import { scannerMessages } from './scanner-messages';

/** The longest code shown back in a message. */
const SHOWN_CODE_LENGTH = 40;
const shown = (code: string) => (code.length > SHOWN_CODE_LENGTH ? `${code.slice(0, SHOWN_CODE_LENGTH)}…` : code);

/**
 * The app-wide scanner (issue 31 item 4), mounted once by the shell for those who open orders: a scanned ticket,
 * receipt or payment QR opens its order; in the box office a customer card or email becomes the sale's buyer
 * (scanned-buyer.ts). What is not found, or may not be opened, is said in a toast that blocks nothing.
 */
export function ScannerHost() {
  const t = useMessages(scannerMessages);
  const tApp = useMessages(appMessages);
  const navigate = useNavigate();
  const handle = useRef<(code: string) => void>(() => {});
  handle.current = (code: string) => {
    const take = buyerTaker();
    const answer = (result: ScanResult) => {
      if (result.kind === 'order') {
        void navigate(`/orders/${result.orderId}`);
      } else if (result.kind === 'customer' && take) {
        take(result.customer);
        const { customerFirstName, customerPreposition, customerLastName, email } = result.customer;
        const name = [customerFirstName, customerPreposition, customerLastName].filter(Boolean).join(' ');
        void notify({ title: t('buyerTitle'), message: t('buyer', { name, email }), color: 'teal' });
      } else {
        void notify({
          title: t('unknownTitle'),
          message: t(take ? 'unknown' : 'unknownHere', { code: shown(code) }),
          color: 'yellow',
        });
      }
    };
    // The scan's schema (and zod with it) loads with the first scan, not with every page's shell: the
    // dashboard's first load stays within its budget (issue 4) for the many who never scan.
    import('@/contract/scan')
      .then(({ scanResultSchema }) =>
        apiClient.post('/api/scans', { schema: scanResultSchema, body: { code, place: take ? 'box-office' : 'app' } }),
      )
      .then(answer, (error: unknown) =>
        notify({ title: t('refusedTitle'), message: describeError(error, tApp), color: 'red' }),
      );
  };
  useEffect(() => listenForScans((code) => handle.current(code)), []);
  return null;
}
