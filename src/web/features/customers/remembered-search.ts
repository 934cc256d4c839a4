import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type Session, sessionQuery } from '../../lib/session';

/**
 * The customer list's search text, kept here, in memory, rather than in the URL: it may be a name or an
 * email, which must not land in the browser's history on a shared box-office computer. Back to the list
 * finds it again; it belongs to the person who typed it (another person signing in on this tab starts empty).
 */
let remembered: { owner: string; text: string } = { owner: '', text: '' };

const ownerOf = (session: Session | null | undefined) => (session ? `${session.clientName}:${session.person.id}` : '');

/** The text remembered for the session's person ('' for anyone else): what the list searches when it opens. */
export function rememberedSearchOf(session: Session | null | undefined): string {
  return remembered.owner === ownerOf(session) ? remembered.text : '';
}

export function useRememberedSearch(): [text: string, setText: (text: string) => void] {
  const { data: session } = useQuery(sessionQuery);
  const owner = ownerOf(session);
  const [text, setState] = useState(() => rememberedSearchOf(session));
  const setText = useCallback(
    (next: string) => {
      remembered = { owner, text: next };
      setState(next);
    },
    [owner],
  );
  return [text, setText];
}
