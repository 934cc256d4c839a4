import { z } from 'zod/mini';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import type { PrintKind, PrintLayout } from './print-model';

/**
 * Records a print with the gateway (`POST /api/orders/{orderId}/prints`, the audit trail's endpoint), which
 * answers whether it is a reprint. Until that endpoint exists, the gateway answers 404: then the print is
 * made without a reprint mark and the view says that prints are not recorded yet. Every other error is an
 * error: nothing is printed as if it were recorded.
 */
export type PrintRecord = { recorded: true; printNumber: number; reprint: boolean } | { recorded: false };

const printRecordSchema = z.object({ printNumber: z.number(), reprint: z.boolean() });

export async function recordPrint(orderId: number, kind: PrintKind, layout: PrintLayout): Promise<PrintRecord> {
  try {
    const answer = await apiClient.post(`/api/orders/${orderId}/prints`, {
      schema: printRecordSchema,
      body: { kind, layout },
    });
    return { recorded: true, ...answer };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { recorded: false };
    throw error;
  }
}
