import type { RoleScope } from '@/contract/role-scopes';
import type { Permission } from './permissions';

export type SignInMethod = 'password' | 'password+totp' | 'passkey' | 'invitation' | 'reset' | 'setup' | 'sso';

/** Who is behind a request: the signed-in person, their organisation and what their role allows. */
export interface Principal {
  /** Hex of the session id's hash: names the session in "your sessions" without revealing the cookie. */
  sessionRef: string;
  accountId: number;
  email: string;
  displayName: string;
  organisationId: number;
  clientName: string;
  /** `networks`: where the role may be used from (CIDR; empty: anywhere), see address-rules/. */
  role: { id: number; key: string; name: string; requireTotp: boolean; networks: readonly string[] };
  /** The role's permissions, or none while the role requires TOTP and the person has not enrolled yet. */
  permissions: Permission[];
  /**
   * The productions and events the role is limited to (role-scopes/); null: every event. A scoped person
   * reaches only the routes that answer within a scope (access.ts), and forwarded calls within it.
   */
  scope: RoleScope | null;
  totpEnabled: boolean;
  /**
   * The role requires two-step sign-in and this session is not (a password alone, the person has no TOTP yet):
   * they may only set up a second factor (account page: TOTP, or a passkey to sign in with).
   */
  mustEnrolTotp: boolean;
  signInMethod: SignInMethod;
  /** The organisation's API key, still sealed; non-enumerable, so it is in no log line or JSON either way. */
  readonly sealedApiKey: Uint8Array;
}

/**
 * A paired buyer's screen (issue 31 item 5): no person, one sales point. It may call only the display's own
 * routes (access `'display'`), and those only for its own sales point.
 */
export interface DisplayPrincipal {
  displayId: number;
  organisationId: number;
  salesPointId: number;
}
