import { type PrintRecord, printRecordSchema } from '@/contract/desk';
import type { PrintRequest } from '@/contract/desk-request';
import { apiClient } from '../../lib/api-client';
import type { PrintKind, PrintLayout } from './print-model';

/**
 * Records a print in the audit trail (`POST /api/orders/{orderId}/prints`), which answers whether it is a
 * reprint. A failure is an error: nothing is printed that was not recorded.
 */

export function recordPrint(orderId: number, kind: PrintKind, layout: PrintLayout): Promise<PrintRecord> {
  return apiClient.post(`/api/orders/${orderId}/prints`, {
    schema: printRecordSchema,
    body: { kind, layout } satisfies PrintRequest,
  });
}
