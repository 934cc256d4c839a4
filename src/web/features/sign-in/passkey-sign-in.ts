import { apiClient } from '../../lib/api-client';
import { answerWithPasskey, createPasskey } from '../../lib/passkeys';
import { type Session, sessionSchema, startSession } from '../../lib/session';

/** Signs in with one of the browser's passkeys for this site: no email, no password, no second step. */
export async function signInWithPasskey(): Promise<Session> {
  const answer = await answerWithPasskey('/api/session/passkey/options');
  return startSession(await apiClient.post('/api/session/passkey', { schema: sessionSchema, body: answer }));
}

/** From an invitation or reset link: creates a passkey instead of a password, and signs in with the link. */
export async function setUpPasskeyFromLink(token: string, name: string): Promise<Session> {
  const path = `/api/links/${encodeURIComponent(token)}/passkey`;
  const answer = await createPasskey(`${path}/options`);
  return startSession(await apiClient.post(path, { schema: sessionSchema, body: { ...answer, name } }));
}
