import type { NavigateFunction } from 'react-router';
import type { BuyerSummary } from '@/contract/customer-search';
import { type ScanResult, scanResultSchema } from '@/contract/scan';
import { apiClient } from '../../lib/api-client';
import { type Language, translator } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { personName } from '../../lib/person-name';
import { notifyScanRefused } from './scan-refused';
import { scannerMessages } from './scanner-messages';

/** Where a scan happened, as it ended: the page's navigation, its language, and the box office's sale if on screen. */
export interface ScanPlace {
  navigate: NavigateFunction;
  language: Language;
  /** The sale that takes a scanned customer as its buyer (scanned-buyer.ts); null outside the box office. */
  take: ((buyer: BuyerSummary) => void) | null;
}

/** The longest code shown back in a message. */
const SHOWN_CODE_LENGTH = 40;
const shown = (code: string) => (code.length > SHOWN_CODE_LENGTH ? `${code.slice(0, SHOWN_CODE_LENGTH)}…` : code);

/**
 * What a scanned code is, as the gateway finds it, and what follows: a ticket, receipt or payment QR opens its order;
 * in the box office a customer card or email becomes the sale's buyer. What is not found, or may not be opened, is
 * said in a toast that blocks nothing. Loaded with the first scan (scanner-host.tsx), with the scan's schema and zod:
 * the dashboard's first load stays within its budget (issue 4) for the many who never scan.
 */
export async function answerScan(code: string, { navigate, language, take }: ScanPlace): Promise<void> {
  const t = translator(scannerMessages, language);
  let result: ScanResult;
  try {
    result = await apiClient.post('/api/scans', {
      schema: scanResultSchema,
      body: { code, place: take ? 'box-office' : 'app' },
    });
  } catch (error) {
    notifyScanRefused(error, language);
    return;
  }
  if (result.kind === 'order') {
    void navigate(`/orders/${result.orderId}`);
  } else if (result.kind === 'customer' && take) {
    take(result.customer);
    const name = personName(result.customer);
    void notify({ title: t('buyerTitle'), message: t('buyer', { name, email: result.customer.email }), color: 'teal' });
  } else {
    void notify({
      title: t('unknownTitle'),
      message: t(take ? 'unknown' : 'unknownHere', { code: shown(code) }),
      color: 'yellow',
    });
  }
}
