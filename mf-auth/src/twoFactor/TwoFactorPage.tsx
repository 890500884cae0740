import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Typography } from '@tradeboard/shared/ui';
import { twoFactorAuthVerification } from '@tradeboard/shared/contracts';
import { api, useLocation } from '@tradeboard/shared/web';
import { PATHS, TWO_FACTOR_FAILED_TEXT } from '../constants.ts';
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
    <Form className="tb-auth__form" layout="vertical" requiredMark={false} onFinish={handleSubmit}>
      <Form.Item label="Verification Code" htmlFor={codeId} extra="The 6-digit code your authenticator app shows now.">
        <Input
          id={codeId}
          className="tb-auth__code"
          required
          autoFocus={details.isConfigured}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="\s*[0-9]{3}\s*[0-9]{3}\s*"
          maxLength={9}
          size="large"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} danger={failed}>
        Submit Verification Code
      </Button>
    </Form>
  );

  const alert = failed ? (
    <Alert className="tb-auth__alert" type="error" showIcon title={failure} role="alert" />
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
          <Typography.Text type="secondary">
            For example Microsoft Authenticator, Google Authenticator or 1Password, on your phone.
          </Typography.Text>
        </li>
        <li className="tb-auth__step">
          <span className="tb-auth__step-title">Scan the QR code or type the key</span>
          <Typography.Text type="secondary">In the app, add an account and scan this code:</Typography.Text>
          {details.qrCodeImage ? <img className="tb-auth__qr" src={details.qrCodeImage} alt="QR code" /> : null}
          {details.setupKey ? (
            <div>
              <Typography.Text type="secondary">Or enter this key: </Typography.Text>
              <Typography.Text
                className="tb-auth__key"
                strong
                copyable={{ text: details.setupKey, tooltips: ['Copy key', 'Copied'] }}
              >
                {groupKey(details.setupKey)}
              </Typography.Text>
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
