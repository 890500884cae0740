import { useId, useState, type ReactNode } from 'react';
import { twoFactorAuthVerification } from '@tradeboard/shared/contracts';
import { api, useLocation } from '@tradeboard/shared/web';
import { PATHS, TWO_FACTOR_FAILED_TEXT } from '../constants.ts';
import { Alert } from '../kit/Alert.tsx';
import { Button } from '../kit/Button.tsx';
import { CopyableText } from '../kit/CopyableText.tsx';
import { Field } from '../kit/Field.tsx';
import { onSubmit } from '../kit/onSubmit.ts';
import { TextInput } from '../kit/TextInput.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { failureText, isApiError } from '../login/errors.ts';
import { followLoginResult } from '../login/followLoginResult.ts';
import { handedOver } from '../login/loginHandoff.ts';
import { RouteLink } from '../routing/RouteLink.tsx';
import { groupKey, twoFactorDetails } from './twoFactorDetails.ts';

/** Seed 000 §2: set-up steps when the authenticator is new, otherwise only the code. */
export function TwoFactorPage(): ReactNode {
  const { search } = useLocation();
  const details = twoFactorDetails(search, handedOver().twoFactorSetup);
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codeId = useId();

  const handleSubmit = async (): Promise<void> => {
    const authCode = code.replace(/\s+/g, '');
    if (!authCode || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await api.call(twoFactorAuthVerification, { body: { authCode } });
      followLoginResult(result);
    } catch (error) {
      // A malformed code is refused by the schema (400): for the user it is just a wrong code.
      setFailure(
        isApiError(error, 400) ? TWO_FACTOR_FAILED_TEXT : failureText(error, { status: 401, text: TWO_FACTOR_FAILED_TEXT }),
      );
      setSubmitting(false);
    }
  };

  const failed = failure !== null;
  const codeForm = (
    <form className="tb-auth__form" onSubmit={onSubmit(handleSubmit)}>
      <Field label="Verification Code" htmlFor={codeId} extra="The 6-digit code your authenticator app shows now.">
        <TextInput
          id={codeId}
          required
          autoFocus={details.isConfigured}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="\s*[0-9]{3}\s*[0-9]{3}\s*"
          maxLength={9}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
        />
      </Field>
      <Button type="submit" loading={submitting} danger={failed}>
        Submit Verification Code
      </Button>
    </form>
  );

  const alert = failed ? (
    <Alert className="tb-auth__alert" type="error" title={failure} role="alert" />
  ) : null;
  const backLink = (
    <div className="tb-auth__links">
      <RouteLink to={PATHS.login}>Back to sign in</RouteLink>
    </div>
  );

  if (details.isConfigured) {
    return (
      <AuthLayout title="Two-step verification" subtitle="Open your authenticator app and enter the code for Tradeboard.">
        {alert}
        {codeForm}
        {backLink}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set up two-step verification" subtitle="Your account needs a code from an authenticator app.">
      {alert}
      <ol className="tb-auth__steps">
        <li className="tb-auth__step">
          <span className="tb-auth__step-title">Install an authenticator app</span>
          <span className="tb-secondary">
            For example Microsoft Authenticator, Google Authenticator or 1Password, on your phone.
          </span>
        </li>
        <li className="tb-auth__step">
          <span className="tb-auth__step-title">Scan the QR code or type the key</span>
          <span className="tb-secondary">In the app, add an account and scan this code:</span>
          {details.qrCodeImage ? <img className="tb-auth__qr" src={details.qrCodeImage} alt="QR code" /> : null}
          {details.setupKey ? (
            <div>
              <span className="tb-secondary">Or enter this key: </span>
              <CopyableText className="tb-auth__key" text={details.setupKey}>
                {groupKey(details.setupKey)}
              </CopyableText>
            </div>
          ) : null}
        </li>
        <li className="tb-auth__step">
          <span className="tb-auth__step-title">Enter the code</span>
          {codeForm}
        </li>
      </ol>
      {backLink}
    </AuthLayout>
  );
}
