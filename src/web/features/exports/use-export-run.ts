import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '../../lib/api-client';
import { encoderFor } from './export-encoding';
import { exportDefinition, exportFileName } from './export-kinds';
import { DELIMITERS, type ExportSettings } from './export-settings';
import { blobDownloadSink, type ExportSink, pickFileSink } from './export-sink';
import { type ExportOutcome, type ExportProgress, runExport } from './run-export';
import { readWatermark, type Watermark, writeWatermark } from './watermark';

export type ExportRunState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress | null; sinkMode: ExportSink['mode']; fileName: string }
  | {
      status: 'done';
      outcome: ExportOutcome;
      fileName: string;
      /** The watermark now stored; null when this export has none. */
      watermark: Watermark | null;
      watermarkMoved: boolean;
      /** The export was complete but the browser refused to store its watermark. */
      watermarkNotStored: boolean;
    }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

/** Progress reaches React at most this often: 500 pages must not mean 500 renders. */
const PROGRESS_INTERVAL_MS = 100;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One export at a time: start (asks where to save when the browser can stream to a file), progress, cancel,
 * and the outcome. The watermark is stored only when the download is complete (every record of `total`
 * arrived once and the file is closed). Leaving the page cancels a running export.
 */
export function useExportRun(clientName: string | null) {
  const [state, setState] = useState<ExportRunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(new DOMException('left the page', 'AbortError')), []);

  // While an export runs, closing the tab or reloading asks first.
  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  /** Call straight from the click handler: the save dialog needs the click's user activation. */
  const start = useCallback(
    async (settings: ExportSettings, descriptions: { fileType: string }) => {
      if (!clientName || controller.current) return;
      const definition = exportDefinition(settings.kind, settings.rows);
      const encoder = encoderFor(settings.format, definition.layout, DELIMITERS[settings.delimiter]);
      const previous = definition.paged ? readWatermark(localStorage, clientName, definition.watermarkKind) : null;
      const since = settings.mode === 'changes' ? previous : null;
      const fileName = exportFileName(clientName, definition, since !== null, encoder.extension, new Date());
      const file = {
        name: fileName,
        mimeType: encoder.mimeType,
        extension: encoder.extension,
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
      setState({ status: 'running', progress: null, sinkMode: sink.mode, fileName });

      let lastShown = 0;
      try {
        const outcome = await runExport({
          api: apiClient,
          definition,
          encoder,
          sink,
          since,
          signal: abort.signal,
          onProgress: (progress) => {
            const now = performance.now();
            const finished = progress.pageCount > 0 && progress.pagesDone === progress.pageCount;
            if (!finished && now - lastShown < PROGRESS_INTERVAL_MS) return;
            lastShown = now;
            setState((current) => (current.status === 'running' ? { ...current, progress } : current));
          },
        });
        let watermark = previous;
        let watermarkMoved = false;
        let watermarkNotStored = false;
        if (definition.paged && outcome.complete && outcome.nextWatermark) {
          if (writeWatermark(localStorage, clientName, definition.watermarkKind, outcome.nextWatermark)) {
            watermarkMoved = outcome.nextWatermark.at !== previous?.at;
            watermark = outcome.nextWatermark;
          } else {
            watermarkNotStored = true;
          }
        }
        setState({ status: 'done', outcome, fileName, watermark, watermarkMoved, watermarkNotStored });
      } catch (error) {
        setState(isAbort(error) || abort.signal.aborted ? { status: 'cancelled' } : { status: 'failed', error });
      } finally {
        controller.current = null;
      }
    },
    [clientName],
  );

  const cancel = useCallback(() => controller.current?.abort(new DOMException('cancelled', 'AbortError')), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
