import { useEffect, useRef } from 'react';
import type { ScreenBody } from '@/contract/display';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/**
 * The seller's sale, to the screen of their shift's sales point (none: the gateway stores nothing). Its answer
 * (the screen's version) is not read: this module stays free of the contract's schemas, in the box office's chunk.
 */
const publishScreen = (body: ScreenBody) => apiClient.put('/api/display/screen', { schema: ignoredAnswer, body });

/**
 * Keeps the buyer's screen of the seller's sales point showing `body`: each change is sent once, the newest
 * winning (one request at a time; changes meanwhile collapse into the last). A failure is let go: the screen is
 * the buyer's view of the sale, never a reason to hold the sale up, and the next change sends it all again.
 */
export function usePublishedScreen(body: ScreenBody): void {
  const text = JSON.stringify(body);
  const channel = useRef({ sending: false, next: null as string | null, sent: null as string | null });
  useEffect(() => {
    const state = channel.current;
    if (text === (state.next ?? state.sent)) return;
    state.next = text;
    if (state.sending) return;
    state.sending = true;
    void (async () => {
      while (state.next !== null) {
        const sending = state.next;
        state.next = null;
        try {
          await publishScreen(JSON.parse(sending) as ScreenBody);
          state.sent = sending;
        } catch {
          state.sent = null;
        }
      }
      state.sending = false;
    })();
  }, [text]);
}
