/**
 * Where an export's text goes, chunk by chunk. Two ways, chosen by what the browser offers:
 * - the File System Access API (Chromium): the person picks the file first and every chunk is written to
 *   disk as it comes, so nothing accumulates in memory at all;
 * - elsewhere: chunks become Blob parts (the browser keeps Blob data outside the JS heap, on disk when
 *   large), assembled into one Blob at the end and handed over as a download. Never one giant string.
 */
export interface ExportSink {
  readonly mode: 'file' | 'download';
  write(text: string): Promise<void>;
  /** Finishes the file; resolves once it is complete on disk (file) or handed to the browser (download). */
  close(): Promise<void>;
  /** Drops what was written: a cancelled or failed export leaves no partial file behind. */
  abort(): Promise<void>;
}

interface WritableFileStream {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: Array<{ description: string; accept: Record<string, string[]> }>;
}

type ShowSaveFilePicker = (
  options: SaveFilePickerOptions,
) => Promise<{ createWritable(): Promise<WritableFileStream> }>;

function savePicker(): ShowSaveFilePicker | null {
  const candidate = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof candidate === 'function' ? (candidate as ShowSaveFilePicker).bind(globalThis) : null;
}

export function canStreamToFile(): boolean {
  return savePicker() !== null;
}

export interface SinkFile {
  name: string;
  mimeType: string;
  extension: string;
  description: string;
}

/**
 * Asks where to save (must run in the click's user activation: call it before any await). Null when the
 * browser has no save picker; rejects with an `AbortError` DOMException when the person cancels the dialog.
 */
export async function pickFileSink(file: SinkFile): Promise<ExportSink | null> {
  const picker = savePicker();
  if (!picker) return null;
  const handle = await picker({
    suggestedName: file.name,
    types: [
      {
        description: file.description,
        accept: { [file.mimeType.split(';')[0] ?? 'text/plain']: [`.${file.extension}`] },
      },
    ],
  });
  const writable = await handle.createWritable();
  return {
    mode: 'file',
    write: (text) => (text === '' ? Promise.resolve() : writable.write(text)),
    close: () => writable.close(),
    abort: () => writable.abort().catch(() => undefined),
  };
}

/** Strings gathered before they become one Blob part: few parts, and little text held in the JS heap. */
const PART_CHARS = 1 << 20;

export function blobDownloadSink(
  file: SinkFile,
  deliver: (blob: Blob, name: string) => void = downloadBlob,
): ExportSink {
  let parts: Blob[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = () => {
    if (pending.length === 0) return;
    parts.push(new Blob(pending));
    pending = [];
    pendingChars = 0;
  };
  return {
    mode: 'download',
    async write(text) {
      if (text === '') return;
      pending.push(text);
      pendingChars += text.length;
      if (pendingChars >= PART_CHARS) flush();
    },
    async close() {
      flush();
      const blob = new Blob(parts, { type: file.mimeType });
      parts = [];
      deliver(blob, file.name);
    },
    async abort() {
      parts = [];
      pending = [];
      pendingChars = 0;
    },
  };
}

/** Saves a Blob through a temporary link; the object URL is released once the browser has taken it. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
