import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form } from '@tradeboard/shared/ui';
import { resetPassword } from '@tradeboard/shared/contracts';
import { api, useLocation } from '@tradeboard/shared/web';
import { PATHS, RESET_PASSWORD_DONE_TEXT, UNEXPECTED_ERROR_TEXT } from '../constants.ts';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { PasswordInput } from '../layout/PasswordInput.tsx';
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
          showIcon
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
        <Alert type="success" showIcon title={RESET_PASSWORD_DONE_TEXT} role="status" />
        {backLink}
      </AuthLayout>
    );
  }

  const showShort = checked && tooShort;
  const showDiffer = checked && !tooShort && differ;
  return (
    <AuthLayout title="Choose a new password" subtitle={`Use at least ${MIN_PASSWORD_LENGTH} characters.`}>
      {failure ? <Alert className="tb-auth__alert" type="error" showIcon title={failure} role="alert" /> : null}
      <Form className="tb-auth__form" layout="vertical" requiredMark={false} onFinish={handleSubmit}>
        <Form.Item
          label="New Password"
          htmlFor={passwordId}
          validateStatus={showShort ? 'error' : undefined}
          help={showShort ? PASSWORD_TOO_SHORT_TEXT : undefined}
        >
          <PasswordInput
            id={passwordId}
            required
            autoFocus
            autoComplete="new-password"
            size="large"
            value={password}
            aria-invalid={showShort || undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          htmlFor={confirmationId}
          validateStatus={showDiffer ? 'error' : undefined}
          help={showDiffer ? PASSWORDS_DIFFER_TEXT : undefined}
        >
          <PasswordInput
            id={confirmationId}
            required
            autoComplete="new-password"
            size="large"
            value={confirmation}
            aria-invalid={showDiffer || undefined}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} danger={failure !== null}>
          Reset Password
        </Button>
      </Form>
      {backLink}
    </AuthLayout>
  );
}
