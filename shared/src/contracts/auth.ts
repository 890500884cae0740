import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody, NoContent } from './common.ts';

export const LoginType = Type.Union([Type.Literal('PASSWORD'), Type.Literal('EXTERNAL')]);
export const LoginResultType = Type.Union([Type.Literal('TwoFactor'), Type.Literal('SAML'), Type.Literal('Success')]);

const Email = Type.String({ minLength: 1, maxLength: 254 });
const Password = Type.String({ maxLength: 1024 });

export const TwoFactorSetup = Type.Object({
  imageData: Type.String(),
  twoFactorSecret: Type.String(),
  isConfigured: Type.Boolean(),
});

export const LoginResult = Type.Object({
  resultType: LoginResultType,
  redirectUrl: Type.String(),
  twoFactorSetup: Type.Union([TwoFactorSetup, Type.Null()]),
});

const LoginBody = Type.Object(
  {
    // An empty or missing e-mail is a failed sign-in (401 Login failed.), not a malformed request.
    email: Type.Optional(Type.String({ maxLength: 254 })),
    password: Type.Optional(Password),
    persistCookie: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const loginFailed = { statusCode: 401, message: 'Login failed.' } as const;

export const generateAntiforgeryToken = defineContract({
  method: 'GET',
  path: '/Authenticate/GenerateAntiforgeryToken',
  service: 'auth',
  access: 'public',
  summary: 'Issues the anti-forgery token (text) and its cookie',
  response: { 200: Type.String() },
});

export const loginType = defineContract({
  method: 'GET',
  path: '/Authenticate/LoginType/{userName}',
  service: 'auth',
  access: 'public',
  summary: 'PASSWORD or EXTERNAL for an e-mail address',
  params: Type.Object({ userName: Email }),
  response: { 200: LoginType, 429: ErrorBody },
});

export const cookieLogin = defineContract({
  method: 'POST',
  path: '/Authenticate/CookieLogin',
  service: 'auth',
  access: 'public',
  summary: 'Signs in with e-mail and password; sets the session cookie',
  body: LoginBody,
  response: { 200: LoginResult, 401: ErrorBody, 429: ErrorBody },
  xsrfFailure: loginFailed,
});

export const login = defineContract({
  method: 'POST',
  path: '/Authenticate/Login',
  service: 'auth',
  access: 'public',
  summary: 'Same as CookieLogin, for API clients',
  body: LoginBody,
  response: { 200: LoginResult, 401: ErrorBody, 429: ErrorBody },
  xsrfFailure: loginFailed,
});

export const twoFactorAuthVerification = defineContract({
  method: 'POST',
  path: '/Authenticate/TwoFactorAuthVerification',
  service: 'auth',
  access: 'public',
  summary: 'Completes a sign-in that is waiting for its authenticator code',
  body: Type.Object(
    { authCode: Type.String({ maxLength: 64, pattern: '^\\s*\\d{6}\\s*$' }) },
    { additionalProperties: false },
  ),
  response: { 200: LoginResult, 401: ErrorBody, 429: ErrorBody },
});

export const saml = defineContract({
  method: 'POST',
  path: '/Authenticate/SAML',
  service: 'auth',
  access: 'public',
  summary: "Where to send the browser for the organization's identity provider",
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 200: LoginResult, 404: ErrorBody },
});

export const refreshToken = defineContract({
  method: 'POST',
  path: '/Authenticate/RefreshToken',
  service: 'auth',
  access: 'session',
  summary: 'Renews the session (new id, idle timeout restarted)',
  response: { 204: NoContent, 401: ErrorBody },
});

export const forgotPassword = defineContract({
  method: 'POST',
  path: '/Authenticate/ForgotPassword',
  service: 'auth',
  access: 'public',
  summary: 'Mails a single-use reset link; answers the same whether or not the account exists',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 204: NoContent, 429: ErrorBody },
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/Authenticate/ResetPassword',
  service: 'auth',
  access: 'public',
  summary: 'Sets a new password with a reset token',
  body: Type.Object(
    {
      token: Type.String({ minLength: 1, maxLength: 200 }),
      password: Type.String({ minLength: 8, maxLength: 1024 }),
    },
    { additionalProperties: false },
  ),
  response: { 204: NoContent, 400: ErrorBody },
});

export const logout = defineContract({
  method: 'POST',
  path: '/Authenticate/Logout',
  service: 'auth',
  access: 'public',
  summary: 'Ends the session',
  response: { 204: NoContent },
});
