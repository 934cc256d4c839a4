import { queryOptions } from '@tanstack/react-query';
import { isPermission, type Permission, type SessionView } from '../../contract/staff';
import { apiClient, ignoredAnswer } from './api-client';
import { isApiError } from './api-error';
import type { Parser } from './parser';

export type Session = SessionView;

/**
 * Parsed by hand: the sign-in screen is the first load, and zod is not needed for one small object. Unknown
 * permissions (a newer gateway) are dropped: the app shows only what it knows to be allowed.
 */
export const sessionSchema: Parser<Session> = {
  safeParse(data) {
    const value = data as Partial<Record<keyof SessionView, unknown>> | null;
    const person = value?.person as Partial<SessionView['person']> | undefined;
    const role = value?.role as Partial<SessionView['role']> | undefined;
    if (
      typeof value?.clientName !== 'string' ||
      value.clientName === '' ||
      typeof person?.email !== 'string' ||
      typeof person.name !== 'string' ||
      typeof role?.name !== 'string' ||
      !Array.isArray(value.permissions)
    ) {
      return { success: false, error: new TypeError('not a session') };
    }
    return {
      success: true,
      data: {
        clientName: value.clientName,
        person: { id: Number(person.id), email: person.email, name: person.name },
        role: { key: String(role.key ?? ''), name: role.name },
        permissions: value.permissions.filter(isPermission),
        totpEnabled: value.totpEnabled === true,
        mustEnrolTotp: value.mustEnrolTotp === true,
        ...(value.scoped === true ? { scoped: true as const } : {}),
      },
    };
  },
};

/** Whether the person's role allows any of `permissions` (none given: anyone signed in). */
export function can(session: Session | null | undefined, permissions: readonly Permission[] | undefined): boolean {
  if (!session) return false;
  if (!permissions || permissions.length === 0) return true;
  return permissions.some((permission) => session.permissions.includes(permission));
}

/**
 * Whether `session` may open an area (or a route of it): its permissions, and for a person of a scoped role
 * (a promoter) only an area that keeps to their productions — the gateway refuses them the others.
 */
export function opens(
  session: Session | null | undefined,
  area: { requires?: readonly Permission[] | undefined; withinScope?: boolean | undefined },
): boolean {
  return can(session, area.requires) && !(session?.scoped && !area.withinScope);
}

export const sessionKey = ['session'] as const;

/**
 * The session as the gateway wrote it into index.html (`<meta name="foyer-session">`, see the server's
 * static-app.ts): what `GET /api/session` would answer, null when nobody is signed in, undefined when the
 * page says nothing (Vite's dev server serves index.html itself; the app then asks). Knowing it at once
 * saves a round trip before the first page can even be chosen.
 */
export function sessionFromPage(doc: Document = document): Session | null | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="foyer-session"]');
  if (!meta) return undefined;
  if (!meta.content) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(meta.content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
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

/** Marks the app signed in as `session` (the API client's path prefix). */
export function startSession(session: Session): Session {
  apiClient.setClientName(session.clientName);
  return session;
}

export async function signOut(): Promise<void> {
  try {
    await apiClient.delete('/api/session', { schema: ignoredAnswer });
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
