import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { sessionQuery } from '../../lib/session';

/**
 * The customer list's search text, kept here, in memory, rather than in the URL: it may be a name or an
 * email, which must not land in the browser's history on a shared box-office computer. Back to the list
 * finds it again; it belongs to the person who typed it (another person signing in on this tab starts empty).
 */
let remembered: { owner: string; text: string } = { owner: '', text: '' };

export function useRememberedSearch(): [text: string, setText: (text: string) => void] {
  const { data: session } = useQuery(sessionQuery);
  const owner = session ? `${session.clientName}:${session.person.id}` : '';
  const [text, setState] = useState(() => (remembered.owner === owner ? remembered.text : ''));
  const setText = useCallback(
    (next: string) => {
      remembered = { owner, text: next };
      setState(next);
    },
    [owner],
  );
  return [text, setText];
}
