import { useEffect, useState } from 'react';
import type { ScreenState } from '@/contract/display';
import { isApiError } from '../../lib/api-error';
import { fetchScreen, readScreenState, screenEventsUrl } from './display-api';

export type ScreenFeed =
  | { status: 'loading' }
  /** No pairing for this sales point (or it was revoked): the pairing form. */
  | { status: 'unpaired' }
  /** Revoked while it was showing. */
  | { status: 'ended' }
  | { status: 'live'; state: ScreenState | null; reconnecting: boolean };

/** After a lost stream, the screen is read again this long after (a revoked pairing answers 401 then). */
const RETRY_MS = 2_000;
/**
 * A screen out of touch this long shows nothing of the last sale any more: the seller may have moved on to the
 * next buyer, whose screen this must not pretend to be.
 */
const STALE_AFTER_MS = 10_000;

/**
 * What the paired screen of `salesPointId` shows, live: read once (which also says whether this device is
 * paired), then from the gateway's Server-Sent Events. A lost stream reconnects by itself (the browser's
 * EventSource, and a fresh read when it gives up), saying so meanwhile.
 */
export function useScreenFeed(salesPointId: number): ScreenFeed {
  const [feed, setFeed] = useState<ScreenFeed>({ status: 'loading' });

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stale: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const show = (state: ScreenState) => {
      clearTimeout(stale);
      stale = undefined;
      setFeed({ status: 'live', state, reconnecting: false });
    };
    const outOfTouch = () => {
      setFeed((current) => (current.status === 'live' ? { ...current, reconnecting: true } : current));
      stale ??= setTimeout(() => {
        setFeed((current) =>
          current.status === 'live' ? { status: 'live', state: null, reconnecting: true } : current,
        );
      }, STALE_AFTER_MS);
    };

    const listen = () => {
      source = new EventSource(screenEventsUrl(salesPointId));
      source.addEventListener('screen', (event) => {
        const state = readScreenState(JSON.parse((event as MessageEvent<string>).data));
        if (state) show(state);
      });
      source.addEventListener('ended', () => {
        source?.close();
        setFeed({ status: 'ended' });
      });
      source.addEventListener('error', () => {
        outOfTouch();
        // Closed for good (an answer other than a stream, e.g. 401): read the screen again to learn why.
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          retry = setTimeout(() => void start(), RETRY_MS);
        }
      });
    };

    const start = async () => {
      try {
        const state = await fetchScreen(salesPointId, controller.signal);
        if (stopped) return;
        show(state);
        listen();
      } catch (error) {
        if (stopped) return;
        if (isApiError(error) && ['unauthorized', 'forbidden', 'notFound'].includes(error.kind)) {
          setFeed((current) => (current.status === 'live' ? { status: 'ended' } : { status: 'unpaired' }));
          return;
        }
        outOfTouch();
        setFeed((current) =>
          current.status === 'loading' ? { status: 'live', state: null, reconnecting: true } : current,
        );
        retry = setTimeout(() => void start(), RETRY_MS);
      }
    };
    void start();

    return () => {
      stopped = true;
      controller.abort();
      source?.close();
      clearTimeout(retry);
      clearTimeout(stale);
    };
  }, [salesPointId]);

  return feed;
}
