import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cookieLogin, loginType } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import {
  EXTERNAL_PASSWORD_PLACEHOLDER,
  LOGIN_FAILED_TEXT,
  PATHS,
  UNEXPECTED_ERROR_TEXT,
  VENDOR_WEBSITE_URL,
} from '../constants.ts';
import { Alert } from '../kit/Alert.tsx';
import { Button } from '../kit/Button.tsx';
import { Checkbox } from '../kit/Checkbox.tsx';
import { Field } from '../kit/Field.tsx';
import { PasswordInput } from '../kit/PasswordInput.tsx';
import { TextInput } from '../kit/TextInput.tsx';
import { TextLink } from '../kit/TextLink.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { onSubmit } from '../kit/onSubmit.ts';
import { RouteLink } from '../routing/RouteLink.tsx';
import { plainApostrophes } from '../text/plainApostrophes.ts';
import { failureText, isApiError } from './errors.ts';
import { followLoginResult } from './followLoginResult.ts';
import { handedOver, rememberForNextPage } from './loginHandoff.ts';

type Step = 'email' | 'password';

/** Seed 000 §2 / §4: the e-mail step, then the password step for PASSWORD accounts. */
export function LoginPage(): ReactNode {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(() => handedOver().email ?? '');
  const [password, setPassword] = useState('');
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailId = useId();
  const passwordId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const movedStep = useRef(false);

  useEffect(() => {
    // Focus follows the flow: the password after Continue, the e-mail after "Change".
    if (!movedStep.current) return;
    (step === 'password' ? passwordRef : emailRef).current?.focus();
  }, [step]);

  const signIn = async (address: string, secret: string, persistCookie: boolean): Promise<void> => {
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await api.call(cookieLogin, { body: { email: address, password: secret, persistCookie } });
      followLoginResult(result);
      // Success and SAML unload the page; TwoFactor moves to another page. Either way, stay busy.
    } catch (error) {
      setFailure(failureText(error, { status: 401, text: LOGIN_FAILED_TEXT }));
      setSubmitting(false);
    }
  };

  const handleContinue = async (): Promise<void> => {
    const address = email.trim();
    if (!address || submitting) return;
    setEmail(address);
    rememberForNextPage({ email: address });
    setSubmitting(true);
    setFailure(null);
    let type: 'PASSWORD' | 'EXTERNAL';
    try {
      const answer: string = await api.call(loginType, { params: { userName: address } });
      type = answer === 'EXTERNAL' ? 'EXTERNAL' : 'PASSWORD';
    } catch (error) {
      if (isApiError(error, 429)) {
        setFailure(error.serverMessage ?? UNEXPECTED_ERROR_TEXT);
        setSubmitting(false);
        return;
      }
      if (!isApiError(error) || error.status >= 500) {
        setFailure(UNEXPECTED_ERROR_TEXT);
        setSubmitting(false);
        return;
      }
      // Any other refusal: ask for a password and let the sign-in itself decide.
      type = 'PASSWORD';
    }
    if (type === 'EXTERNAL') {
      await signIn(address, EXTERNAL_PASSWORD_PLACEHOLDER, false);
      return;
    }
    movedStep.current = true;
    setSubmitting(false);
    setStep('password');
  };

  const handleLogin = async (): Promise<void> => {
    if (!password || submitting) return;
    await signIn(email, password, keepSignedIn);
  };

  const handleChangeEmail = (): void => {
    movedStep.current = true;
    setPassword('');
    setFailure(null);
    setStep('email');
  };

  const failed = failure !== null;
  const alert = failed ? (
    <Alert className="tb-auth__alert" type="error" title={failure} role="alert" />
  ) : null;

  if (step === 'email') {
    return (
      <AuthLayout title="Sign in" subtitle="Enter your work e-mail address to continue.">
        {alert}
        <form className="tb-auth__form" onSubmit={onSubmit(handleContinue)}>
          <Field label="Email" htmlFor={emailId}>
            <TextInput
              ref={emailRef}
              id={emailId}
              type="email"
              required
              autoFocus
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(plainApostrophes(event.target.value))}
            />
          </Field>
          <Button type="submit" loading={submitting} danger={failed}>
            Continue
          </Button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in" subtitle="Enter your password to continue.">
      <div className="tb-auth__identity">
        <span className="tb-auth__identity-email" title={email}>
          {email}
        </span>
        <Button variant="link" onClick={handleChangeEmail} aria-label={`Change e-mail address ${email}`}>
          Change
        </Button>
      </div>
      {alert}
      <form className="tb-auth__form" onSubmit={onSubmit(handleLogin)}>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label="Password" htmlFor={passwordId}>
          <PasswordInput
            ref={passwordRef}
            id={passwordId}
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <div className="tb-auth__row">
          <Checkbox checked={keepSignedIn} onChange={setKeepSignedIn}>
            Keep Me Signed In
          </Checkbox>
          <RouteLink to={PATHS.forgotPassword}>Forgot your password?</RouteLink>
        </div>
        <Button type="submit" loading={submitting} danger={failed}>
          Login
        </Button>
      </form>
      <div className="tb-auth__links">
        <TextLink href={VENDOR_WEBSITE_URL} target="_blank" rel="noopener noreferrer">
          Visit the Tradeboard website
        </TextLink>
      </div>
    </AuthLayout>
  );
}
