import type { Paired, ScreenState } from '@/contract/display';
import { apiClient } from '../../lib/api-client';
import type { Parser } from '../../lib/parser';

/**
 * The buyer's screen's own calls. Read as the gateway wrote them (its contract, src/contract/display.ts): the
 * screen checks only the shape it draws, so a field it does not know never reaches the page.
 */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const pairedParser: Parser<Paired> = {
  safeParse: (data) =>
    isObject(data) && typeof data.salesPointId === 'number' && typeof data.salesPointName === 'string'
      ? { success: true, data: { salesPointId: data.salesPointId, salesPointName: data.salesPointName } }
      : { success: false, error: new Error('Not a pairing answer') },
};

export function readScreenState(data: unknown): ScreenState | null {
  if (!isObject(data) || typeof data.salesPointName !== 'string' || typeof data.version !== 'number') return null;
  const screen = data.screen;
  if (!isObject(screen) || typeof screen.phase !== 'string' || typeof screen.totalCents !== 'number') return null;
  return data as ScreenState;
}

const screenParser: Parser<ScreenState> = {
  safeParse: (data) => {
    const state = readScreenState(data);
    return state ? { success: true, data: state } : { success: false, error: new Error('Not a screen') };
  },
};

export const pairScreen = (code: string) =>
  apiClient.post('/api/display/pair', { schema: pairedParser, body: { code } });

export const fetchScreen = (salesPointId: number, signal?: AbortSignal) =>
  apiClient.get(`/api/display/${salesPointId}/screen`, { schema: screenParser, ...(signal ? { signal } : {}) });

export const screenEventsUrl = (salesPointId: number) => `/api/display/${salesPointId}/events`;
