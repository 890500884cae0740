import { useId, useState, type ReactNode } from 'react';
import { forgotPassword } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { FORGOT_PASSWORD_SENT_TEXT, PATHS } from '../constants.ts';
import { Alert } from '../kit/Alert.tsx';
import { Button } from '../kit/Button.tsx';
import { Field } from '../kit/Field.tsx';
import { onSubmit } from '../kit/onSubmit.ts';
import { TextInput } from '../kit/TextInput.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { failureText } from '../login/errors.ts';
import { handedOver, rememberForNextPage } from '../login/loginHandoff.ts';
import { RouteLink } from '../routing/RouteLink.tsx';
import { plainApostrophes } from '../text/plainApostrophes.ts';

/** Asks for a reset link. The answer never says whether the account exists. */
export function ForgotPasswordPage(): ReactNode {
  const [email, setEmail] = useState(() => handedOver().email ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailId = useId();

  const handleSubmit = async (): Promise<void> => {
    const address = email.trim();
    if (!address || submitting) return;
    setSubmitting(true);
    setFailure(null);
    rememberForNextPage({ email: address });
    try {
      await api.call(forgotPassword, { body: { email: address } });
      setSent(true);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const backLink = (
    <div className="tb-auth__links">
      <RouteLink to={PATHS.login}>Back to sign in</RouteLink>
    </div>
  );

  if (sent) {
    return (
      <AuthLayout title="Check your e-mail">
        <Alert type="success" title={FORGOT_PASSWORD_SENT_TEXT} role="status" />
        {backLink}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Enter your e-mail address and we will send you a link to set a new password.">
      {failure ? <Alert className="tb-auth__alert" type="error" title={failure} role="alert" /> : null}
      <form className="tb-auth__form" onSubmit={onSubmit(handleSubmit)}>
        <Field label="Email" htmlFor={emailId}>
          <TextInput
            id={emailId}
            type="email"
            required
            autoFocus
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(plainApostrophes(event.target.value))}
          />
        </Field>
        <Button type="submit" loading={submitting} danger={failure !== null}>
          Send Reset Link
        </Button>
      </form>
      {backLink}
    </AuthLayout>
  );
}
