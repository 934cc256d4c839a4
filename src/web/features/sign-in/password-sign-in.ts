import type { SignInRequest, TotpSignInRequest } from '@/contract/session';
import type { TotpChallenge } from '@/contract/staff';
import { apiClient } from '../../lib/api-client';
import type { Parser } from '../../lib/parser';
import { type Session, sessionSchema, startSession } from '../../lib/session';

/*
 * Signing in with a password (and a second factor), for the sign-in page only: kept out of lib/session.ts, which
 * every first load carries (the signed-in dashboard's too).
 */

const totpChallengeSchema: Parser<TotpChallenge> = {
  safeParse(data) {
    const value = data as Partial<TotpChallenge> | null;
    return value?.totpRequired === true && typeof value.ticket === 'string'
      ? { success: true, data: { totpRequired: true, ticket: value.ticket } }
      : { success: false, error: new TypeError('not a TOTP challenge') };
  },
};

const signInAnswerSchema: Parser<Session | TotpChallenge> = {
  safeParse: (data) => {
    const challenge = totpChallengeSchema.safeParse(data);
    return challenge.success ? challenge : sessionSchema.safeParse(data);
  },
};

/** Email + password; the answer is the session, or a TOTP challenge when the account has a second factor. */
export async function signIn(email: string, password: string): Promise<Session | TotpChallenge> {
  const answer = await apiClient.post('/api/session', {
    schema: signInAnswerSchema,
    body: { email, password } satisfies SignInRequest,
  });
  return 'totpRequired' in answer ? answer : startSession(answer);
}

/** The second step: the code from the person's authenticator app. */
export async function signInWithTotp(ticket: string, code: string): Promise<Session> {
  return startSession(
    await apiClient.post('/api/session/totp', {
      schema: sessionSchema,
      body: { ticket, code } satisfies TotpSignInRequest,
    }),
  );
}
