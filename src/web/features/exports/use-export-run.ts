import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ExportSettings, type RunOutcome, runOutcomeSchema } from '@/contract/exports';
import { apiClient } from '../../lib/api-client';
import { ApiError, apiErrorFromResponse } from '../../lib/api-error';
import { exportFileName } from './export-kinds';
import { blobDownloadSink, type ExportSink, pickFileSink } from './export-sink';
import { exportKeys } from './exports-queries';

export interface ExportProgress {
  /** Records the server announced (those of the watermark's second included). */
  records: number;
  bytes: number;
}

export type ExportRunState =
  | { status: 'idle' }
  | {
      status: 'running';
      progress: ExportProgress | null;
      sinkMode: ExportSink['mode'];
      fileName: string;
      source: string | null;
    }
  | { status: 'done'; outcome: RunOutcome; fileName: string; mode: ExportSettings['mode'] }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

/** Progress reaches React at most this often. */
const PROGRESS_INTERVAL_MS = 100;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The browser's time zone, for the file's name on the server (the venue's, for staff at the venue). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One export at a time, made by the gateway and streamed to the browser: start (asks where to save when
 * the browser can stream to a file), progress, cancel, and the outcome. Only once the whole file is saved
 * does the page tell the gateway (`complete`), and only then does the organisation's watermark move.
 * Leaving the page cancels a running export.
 */
export function useExportRun(clientName: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportRunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(new DOMException('left the page', 'AbortError')), []);

  // While an export runs, leaving asks first: the page's LeaveGuard (closing the tab, reloading, another page).

  /** Call straight from the click handler: the save dialog needs the click's user activation. */
  const start = useCallback(
    async (settings: ExportSettings, descriptions: { fileType: string }) => {
      if (!clientName || controller.current) return;
      const fileName = exportFileName(clientName, settings, settings.mode === 'changes', new Date());
      const file = {
        name: fileName,
        mimeType: settings.format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8',
        extension: settings.format,
        description: descriptions.fileType,
      };
      const abort = new AbortController();
      controller.current = abort;

      let sink: ExportSink | null = null;
      try {
        sink = await pickFileSink(file);
      } catch (error) {
        controller.current = null;
        // The person closed the save dialog: nothing happened, nothing to report.
        if (isAbort(error)) return;
        // Refused for another reason (policy, no permission): the download route still works.
        sink = null;
        controller.current = abort;
      }
      sink ??= blobDownloadSink(file);
      setState({ status: 'running', progress: null, sinkMode: sink.mode, fileName, source: null });

      try {
        const response = await fetch('/api/exports/runs', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/csv, application/x-ndjson' },
          body: JSON.stringify({ ...settings, timeZone: browserZone() }),
          credentials: 'same-origin',
          signal: abort.signal,
        }).catch((cause: unknown) => {
          if (abort.signal.aborted) throw cause;
          throw new ApiError({ kind: 'network', message: 'The server cannot be reached.', cause });
        });
        if (!response.ok || !response.body) throw await apiErrorFromResponse(response);
        const runId = response.headers.get('x-export-run');
        const records = Number(response.headers.get('x-export-records')) || 0;
        const source = response.headers.get('x-export-source');
        // The BOM of a CSV is part of the file (spreadsheets need it): the decoder must keep it.
        const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
        const reader = response.body.getReader();
        let bytes = 0;
        let lastShown = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          await sink.write(decoder.decode(value, { stream: true }));
          const now = performance.now();
          if (now - lastShown >= PROGRESS_INTERVAL_MS) {
            lastShown = now;
            setState((current) =>
              current.status === 'running' ? { ...current, source, progress: { records, bytes } } : current,
            );
          }
        }
        await sink.write(decoder.decode());
        abort.signal.throwIfAborted();
        await sink.close();
        const outcome = await apiClient.post(`/api/exports/runs/${runId}/complete`, { schema: runOutcomeSchema });
        setState({ status: 'done', outcome, fileName, mode: settings.mode });
      } catch (error) {
        await sink.abort();
        setState(isAbort(error) || abort.signal.aborted ? { status: 'cancelled' } : { status: 'failed', error });
      } finally {
        controller.current = null;
        void queryClient.invalidateQueries({ queryKey: exportKeys.watermarks() });
        void queryClient.invalidateQueries({ queryKey: exportKeys.counts() });
      }
    },
    [clientName, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(new DOMException('cancelled', 'AbortError')), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
