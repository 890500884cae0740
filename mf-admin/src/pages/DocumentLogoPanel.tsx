import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Popconfirm, useFeedback } from '@tradeboard/shared/ui';
import { LOGO_MAX_BYTES, logoMasterPost, logoMasterPut, settingsGlobalConfig, settingsGlobalRemove, settingsGlobalUpdate } from '@tradeboard/shared/contracts';
import { api, errorMessage, uploadFile } from '@tradeboard/shared/web';
import { refresh, useRead, usePermissions } from '../api/admin.ts';

const SETTING = 'DocumentLogoMasterId';

/**
 * System → Branding: the organization's logo on its invoice, order and quote PDFs (a LogoMaster
 * image named by the organization's DocumentLogoMasterId setting). Upload or replace it (PNG or
 * JPEG, with progress), see it, or take it off the documents (confirmed; the image stays stored).
 */
export default function DocumentLogoPanel(): ReactNode {
  const { message } = useFeedback();
  const permissions = usePermissions();
  const config = useRead(settingsGlobalConfig, {});
  const setting = config.data?.find((s) => s.settingName === SETTING);
  const logoMasterId = Number(setting?.globalValue) || null;
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each upload shows the new image at once (a new address, so no cached copy is shown).
  const [version, setVersion] = useState(0);
  const canChange = permissions.has('settings.global');

  const upload = async (file: File) => {
    if (!setting) return;
    setError(null);
    setSent(0);
    try {
      const logo = logoMasterId
        ? await uploadFile(logoMasterPut, { params: { logoMasterId }, file, onProgress: setSent })
        : await uploadFile(logoMasterPost, { file, onProgress: setSent });
      if (logo.logoMasterId !== logoMasterId) {
        await api.call(settingsGlobalUpdate, { body: { settingMasterId: setting.settingMasterId, settingValue: String(logo.logoMasterId) } });
      }
      await refresh(settingsGlobalConfig);
      setVersion((v) => v + 1);
      message.success('The logo is on your documents.');
    } catch (problem) {
      setError(errorMessage(problem));
    } finally {
      setSent(null);
      if (input.current) input.current.value = '';
    }
  };

  const takeOff = async () => {
    if (!setting) return;
    try {
      await api.call(settingsGlobalRemove, { params: { settingMasterId: setting.settingMasterId } });
      await refresh(settingsGlobalConfig);
      message.success('Documents print without a logo now.');
    } catch (problem) {
      setError(errorMessage(problem));
    }
  };

  return (
    <section className="tb-admin-panel" aria-labelledby="document-logo-title">
      <h2 id="document-logo-title">Documents logo</h2>
      <p className="tb-admin-muted">
        Printed above your company name on invoice, order and quote PDFs. A PNG or JPEG image of at most {LOGO_MAX_BYTES / 1024 / 1024} MB; a wide image
        about 3 times as wide as it is tall prints best.
      </p>
      {logoMasterId ? (
        <figure className="tb-admin-logo">
          <img src={`${api.config.base}/LogoMaster/${logoMasterId}?v=${version}`} alt="Your documents' logo" />
        </figure>
      ) : (
        config.data && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No logo: documents print your company name only." />
      )}
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} style={{ marginBottom: 12 }} />}
      {canChange && (
        <div className="tb-admin-toolbar" style={{ justifyContent: 'flex-start', alignItems: 'flex-end' }}>
          <label className="tb-admin-field">
            <span>{logoMasterId ? 'Replace the logo' : 'Logo image'}</span>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              disabled={sent !== null || !setting}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {logoMasterId && (
            <Popconfirm
              title="Take the logo off your documents?"
              description="PDFs print your company name only; the image stays stored."
              okText="Take off"
              cancelText="Keep it"
              onConfirm={() => void takeOff()}
            >
              <Button danger>Take off documents</Button>
            </Popconfirm>
          )}
        </div>
      )}
      {sent !== null && <progress className="tb-admin-progress" aria-label="Uploading the logo" value={Math.round(sent * 100)} max={100} />}
    </section>
  );
}
