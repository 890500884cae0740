import { useState, type ReactNode } from 'react';
import { Alert } from '@tradeboard/shared/ui';
import { toggleValue } from '@tradeboard/shared/user-settings';
import { isTogglesBannerVisible, navigate, useTradeboardStore, type UserResultValue } from '@tradeboard/shared/web';

function activeToggleLabels(user: UserResultValue): string[] {
  const labels: string[] = [];
  if (toggleValue(user.toggles, 'CustomerModeEnabled') === true) labels.push('Customer mode is on');
  if (toggleValue(user.toggles, 'SalesRepSplitsApplied') === true) labels.push('Sales rep splits applied');
  if (user.organizationUser) labels.push(`Organization: ${user.customerName || 'all customers'}`);
  return labels;
}

/** Seed §6 toggles banner: which data modes shape what the user sees. */
export function TogglesBanner({ user }: { user: UserResultValue }): ReactNode {
  const labels = activeToggleLabels(user);
  return (
    <Alert
      className="tb-banner"
      type="info"
      showIcon
      title={
        <span>
          <strong>Data view options are active:</strong>{' '}
          {labels.length ? labels.join(' · ') : 'sales rep type and level options apply to the figures shown.'}
        </span>
      }
      role="status"
    />
  );
}

/** The release notification (user result isReleaseNotificationVisible); dismissible for this visit. */
export function ReleaseBanner({ onClose }: { onClose: () => void }): ReactNode {
  return (
    <Alert
      className="tb-banner"
      type="success"
      showIcon
      title={
        <span>
          A new Tradeboard release is available.{' '}
          <a
            href="/settings/releases"
            onClick={(event) => {
              event.preventDefault();
              navigate('/settings/releases');
            }}
          >
            See what’s new
          </a>
        </span>
      }
      closable={{ 'aria-label': 'Dismiss release notification' }}
      onClose={onClose}
    />
  );
}

/** Which banners show, for the spacer above the main area. */
export function useBanners(): { toggles: boolean; release: boolean; dismissRelease: () => void } {
  const user = useTradeboardStore((state) => state.user);
  const [releaseDismissed, setReleaseDismissed] = useState(false);
  return {
    toggles: isTogglesBannerVisible(user),
    release: !!user?.isReleaseNotificationVisible && !releaseDismissed,
    dismissRelease: () => setReleaseDismissed(true),
  };
}
