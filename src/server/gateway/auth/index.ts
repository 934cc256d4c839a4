/**
 * The auth concern's public entry: the routes of signing in and out, one's own account, passkeys and one-time
 * links; the session store and sign-in throttle the gateway is built with; and the accounts (auth owns their
 * table: account-store.ts) as the people concern administers them and as others name them.
 * Nothing else is used from outside this folder.
 */

export { registerAccountRoutes } from './account-routes';
export {
  type AccountName,
  type AuditedAccount,
  acceptAccount,
  accountNames,
  auditedAccount,
  createAccount,
  emailInOrganisation,
  findAccountByEmail,
  findAccountRole,
  findStaffAccount,
  listStaff,
  roleInUse,
  roleMembers,
  staffManagersLeft,
  updateAccount,
} from './account-store';
export type { AuthDeps, SignInCheck } from './auth-deps';
export { registerLinkRoutes } from './link-routes';
export { linkUrl, setupLinkIfFresh } from './link-service';
export { issueToken } from './one-time-token-store';
export { registerPasskeyRoutes } from './passkey-routes';
export { hashPassword } from './passwords';
export { registerSessionRoutes } from './session-routes';
export { endSessionsNotThrough, SessionStore } from './session-store';
export { sessionView } from './session-view';
export { answerSignIn } from './sign-in-answer';
export { accountThrottleKey, DEFAULT_THROTTLE, SignInThrottle, type ThrottleLimits } from './sign-in-throttle';
