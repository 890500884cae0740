import { useId, useState, type ReactNode } from 'react';
import { resetPassword } from '@tradeboard/shared/contracts';
import { api, useLocation } from '@tradeboard/shared/web';
import { PATHS, RESET_PASSWORD_DONE_TEXT, UNEXPECTED_ERROR_TEXT } from '../constants.ts';
import { Alert } from '../kit/Alert.tsx';
import { Button } from '../kit/Button.tsx';
import { Field } from '../kit/Field.tsx';
import { onSubmit } from '../kit/onSubmit.ts';
import { PasswordInput } from '../kit/PasswordInput.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { isApiError } from '../login/errors.ts';
import { RouteLink } from '../routing/RouteLink.tsx';

/** The contract's lower bound for a new password (shared/contracts auth.ts resetPassword). */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORDS_DIFFER_TEXT = 'The passwords do not match';
export const PASSWORD_TOO_SHORT_TEXT = `Use at least ${MIN_PASSWORD_LENGTH} characters`;

/** Sets a new password with the token from the e-mailed link (/login/resetPassword?token=…). */
export function ResetPasswordPage(): ReactNode {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordId = useId();
  const confirmationId = useId();

  const tooShort = password.length < MIN_PASSWORD_LENGTH;
  const differ = confirmation !== password;

  const handleSubmit = async (): Promise<void> => {
    setChecked(true);
    if (tooShort || differ || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await api.call(resetPassword, { body: { token, password } });
      setDone(true);
    } catch (error) {
      setFailure(
        isApiError(error, 400) || isApiError(error, 429) ? (error.serverMessage ?? UNEXPECTED_ERROR_TEXT) : UNEXPECTED_ERROR_TEXT,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const backLink = (
    <div className="tb-auth__links">
      <RouteLink to={PATHS.login}>Back to sign in</RouteLink>
    </div>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert
          type="warning"
          title="This reset link is incomplete."
          description="Open the link from your e-mail again, or ask for a new one."
        />
        <div className="tb-auth__links">
          <RouteLink to={PATHS.forgotPassword}>Send a new reset link</RouteLink>
          <RouteLink to={PATHS.login}>Back to sign in</RouteLink>
        </div>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Password changed">
        <Alert type="success" title={RESET_PASSWORD_DONE_TEXT} role="status" />
        {backLink}
      </AuthLayout>
    );
  }

  const showShort = checked && tooShort;
  const showDiffer = checked && !tooShort && differ;
  return (
    <AuthLayout title="Choose a new password" subtitle={`Use at least ${MIN_PASSWORD_LENGTH} characters.`}>
      {failure ? <Alert className="tb-auth__alert" type="error" title={failure} role="alert" /> : null}
      <form className="tb-auth__form" onSubmit={onSubmit(handleSubmit)}>
        <Field label="New Password" htmlFor={passwordId} error={showShort ? PASSWORD_TOO_SHORT_TEXT : undefined}>
          <PasswordInput
            id={passwordId}
            required
            autoFocus
            autoComplete="new-password"
            value={password}
            aria-invalid={showShort || undefined}
            aria-describedby={showShort ? `${passwordId}-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field label="Confirm Password" htmlFor={confirmationId} error={showDiffer ? PASSWORDS_DIFFER_TEXT : undefined}>
          <PasswordInput
            id={confirmationId}
            required
            autoComplete="new-password"
            value={confirmation}
            aria-invalid={showDiffer || undefined}
            aria-describedby={showDiffer ? `${confirmationId}-error` : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={submitting} danger={failure !== null}>
          Reset Password
        </Button>
      </form>
      {backLink}
    </AuthLayout>
  );
}
