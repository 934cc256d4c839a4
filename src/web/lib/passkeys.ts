import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { apiClient } from './api-client';
import type { Parser } from './parser';

/**
 * Passkeys (WebAuthn) in the browser: @simplewebauthn/browser, loaded only when a passkey is about to be used,
 * so the first screens' code does not grow. The gateway hands out the options with a `challengeId` and takes
 * the browser's answer back with that id (src/server/gateway/auth/passkey-routes.ts).
 */
const webAuthn = () => import('@simplewebauthn/browser');

export interface PasskeyOptions<Options> {
  challengeId: string;
  options: Options;
}

const optionsParser = <Options>(): Parser<PasskeyOptions<Options>> => ({
  safeParse(data) {
    const value = data as Partial<PasskeyOptions<Options>> | null;
    return typeof value?.challengeId === 'string' && typeof value.options === 'object' && value.options !== null
      ? { success: true, data: { challengeId: value.challengeId, options: value.options } }
      : { success: false, error: new TypeError('not passkey options') };
  },
});

/**
 * Asks the gateway for registration options at `optionsPath`, lets the browser create the passkey, and
 * returns the answer with its challenge id, for the caller to post with whatever else it sends.
 */
export async function createPasskey(
  optionsPath: string,
): Promise<{ challengeId: string; response: RegistrationResponseJSON }> {
  const [library, started] = await Promise.all([
    webAuthn(),
    apiClient.post(optionsPath, { schema: optionsParser<PublicKeyCredentialCreationOptionsJSON>(), body: {} }),
  ]);
  const response = await library.startRegistration({ optionsJSON: started.options });
  return { challengeId: started.challengeId, response };
}

/** The same for signing in: options at `optionsPath`, then the browser's answer from one of its passkeys. */
export async function answerWithPasskey(
  optionsPath: string,
): Promise<{ challengeId: string; response: AuthenticationResponseJSON }> {
  const [library, started] = await Promise.all([
    webAuthn(),
    apiClient.post(optionsPath, { schema: optionsParser<PublicKeyCredentialRequestOptionsJSON>(), body: {} }),
  ]);
  const response = await library.startAuthentication({ optionsJSON: started.options });
  return { challengeId: started.challengeId, response };
}

/**
 * What went wrong in the browser's part, if it was that: the person cancelled (or the prompt timed out —
 * browsers do not tell the two apart), the authenticator holds a passkey for this account already, or the
 * browser cannot do it. Null for anything else (a gateway refusal, a network failure).
 */
export function passkeyProblem(error: unknown): 'cancelled' | 'exists' | 'unsupported' | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'cancelled';
  if (error.name === 'InvalidStateError') return 'exists';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return 'unsupported';
  return null;
}

/**
 * Whether to offer passkeys here. True at first (and in the prerendered first screen, where no code runs),
 * so the button does not push the page about in the browsers that can — nearly all of them; then the
 * browser says (the check @simplewebauthn/browser's browserSupportsWebAuthn makes, without loading it: the
 * sign-in page's first load stays within its budget).
 */
export function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(typeof globalThis.PublicKeyCredential === 'function'), []);
  return supported;
}

/** Starts loading the library when a passkey is about to be used (the button is pointed at or focused). */
export function preloadPasskeys(): void {
  webAuthn().catch(() => {
    // Only a head start: the click loads it again and reports a failure.
  });
}
