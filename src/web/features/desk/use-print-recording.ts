import { useEffect, useState } from 'react';
import type { PrintRecord } from '@/contract/desk';
import type { PrintKind, PrintLayout } from './print-model';
import { recordPrint } from './print-record';

/**
 * Printing an order: records the print (its number, and whether it is a reprint), then opens the print
 * dialog. `forget` drops the record when another kind or layout is chosen.
 */
export function usePrintRecording(orderId: number, kind: PrintKind, layout: PrintLayout) {
  const [record, setRecord] = useState<PrintRecord | null>(null);
  const [recording, setRecording] = useState(false);
  const [recordError, setRecordError] = useState<unknown>(null);
  const [printRequest, setPrintRequest] = useState(0);

  // The print dialog opens once the marks of this print are on the page.
  useEffect(() => {
    if (printRequest === 0) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [printRequest]);

  const print = async () => {
    setRecording(true);
    setRecordError(null);
    try {
      setRecord(await recordPrint(orderId, kind, layout));
      setPrintRequest((count) => count + 1);
    } catch (error) {
      setRecordError(error);
    } finally {
      setRecording(false);
    }
  };

  return { record, recording, recordError, print, forget: () => setRecord(null) };
}
