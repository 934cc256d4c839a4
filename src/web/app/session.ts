import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import type { Parser } from '../lib/parser';

export interface Session {
  clientName: string;
}

/** Parsed by hand: the sign-in screen is the first load, and zod is not needed for one string. */
export const sessionSchema: Parser<Session> = {
  safeParse(data) {
    const clientName = (data as { clientName?: unknown } | null)?.clientName;
    return typeof clientName === 'string' && clientName !== ''
      ? { success: true, data: { clientName } }
      : { success: false, error: new TypeError('session without clientName') };
  },
};

const anyBody: Parser<unknown> = { safeParse: (data) => ({ success: true, data }) };

export const sessionKey = ['session'] as const;

/**
 * The session as the gateway wrote it into index.html (`<meta name="foyer-session">`, see the server's
 * static-app.ts): the signed-in client, null when nobody is, undefined when the page says nothing (Vite's
 * dev server serves index.html itself; the app then asks `GET /api/session`). Knowing it at once saves a
 * round trip before the first page can even be chosen.
 */
export function sessionFromPage(doc: Document = document): Session | null | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="foyer-session"]');
  if (!meta) return undefined;
  return meta.content ? { clientName: meta.content } : null;
}

/** `null` when nobody is signed in. The gateway answers 401 then; that is an answer, not a failure. */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const session = await apiClient.get('/api/session', { schema: sessionSchema, signal });
    apiClient.setClientName(session.clientName);
    return session;
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') {
      apiClient.setClientName(null);
      return null;
    }
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: ({ signal }) => fetchSession(signal),
  // Checked once per page load; a lapsed session shows itself as a 401 on the next call.
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export async function signIn(clientName: string, apiKey: string): Promise<Session> {
  const session = await apiClient.post('/api/session', { schema: sessionSchema, body: { clientName, apiKey } });
  apiClient.setClientName(session.clientName);
  return session;
}

export async function signOut(): Promise<void> {
  try {
    await apiClient.delete('/api/session', { schema: anyBody });
  } finally {
    apiClient.setClientName(null);
    // The tab's working state (the box office's open cart id) belongs to this session: the next person
    // at a shared desk, or another client, starts clean.
    sessionStorage.clear();
  }
}

/** Only a path of this app is a place to return to: `/orders?page=2`, never `//evil.example` or a URL. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/sign-in')) return '/';
  return next;
}

export function signInPath(next: string): string {
  const target = safeNextPath(next);
  return target === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(target)}`;
}

const CLIENT_NAME_KEY = 'foyer.clientName';

/** The client name is remembered for the next sign-in; the API key never is. */
export function rememberedClientName(): string {
  try {
    return localStorage.getItem(CLIENT_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberClientName(clientName: string): void {
  try {
    localStorage.setItem(CLIENT_NAME_KEY, clientName);
  } catch {
    // Storage unavailable: the name is typed again next time.
  }
}
