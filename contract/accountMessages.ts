// The account texts and limits, without the schemas (zod): the corporate and password-reset machines read them on
// pages that load no schema.

/** Password policy (ARCHITECTURE §8): argon2id, 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const RESET_CODE_LENGTH = 6;

/** The user-visible texts of spec §8 that the server also sends. */
export const ACCOUNT_MESSAGES = {
  loginOk: 'Login Successfully',
  invalidCredentials: 'Invalid credentials. Please try again.',
  emailNotFound: 'Email not found',
  codeSent: 'A reset code has been sent to your email.',
  codeVerified: 'Code verified successfully',
  codeExpired: 'Reset code has expired',
  codeInvalid: 'Invalid reset code',
  codeLocked: 'Too many wrong codes. Please request a new reset code.',
  passwordReset: 'Password has been reset successfully',
  profileUpdated: 'Passenger Details Updated',
  emailTaken: 'This email address is already used by another account',
  notYourAccount: 'You can only see and change your own account',
  signInAgain: 'Please sign in again',
  loggedOut: 'Logged out',
} as const;
