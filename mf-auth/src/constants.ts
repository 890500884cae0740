/** Seed 000 §2 / §8: page texts that are part of the contract. */
export const LOGIN_FAILED_TEXT = 'Login failed, please check your username and password';
/** Seed 000 §8 leaves the two-factor failure text open; this is ours. */
export const TWO_FACTOR_FAILED_TEXT = 'Invalid verification code, please try again';
export const FORGOT_PASSWORD_SENT_TEXT = 'If an account exists for that e-mail, a reset link is on its way';
export const RESET_PASSWORD_DONE_TEXT = 'Your password has been reset. You can now sign in with your new password.';
export const UNEXPECTED_ERROR_TEXT = 'Something went wrong, please try again in a moment';

/** Seed 000 §5: what an EXTERNAL (single sign-on) account sends instead of a password. */
export const EXTERNAL_PASSWORD_PLACEHOLDER = 'EXTERNAL';

/** The vendor's public website, linked from the password step (seed 000 §2). */
export const VENDOR_WEBSITE_URL = 'https://www.tradeboard.example';

/** Paths this remote serves (seed 000 §2 route table). */
export const PATHS = {
  login: '/login',
  twoFactor: '/login/2fa',
  forgotPassword: '/login/forgotpassword',
  resetPassword: '/login/resetPassword',
  logout: '/logout',
  home: '/',
} as const;
