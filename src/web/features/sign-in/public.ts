/** What other features may use of the sign-in feature (lint refuses imports of its other modules). */
export { localAuthError, localFieldError } from './auth-server-messages';
export { NewPasswordFields, newPasswordShape, passwordsMatch } from './new-password-fields';
export { signInMessages } from './sign-in-messages';
