import { lazy, Suspense, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { prospectWapAccess } from '@tradeboard/shared/contracts';
import { Button, PlusOutlined, SwapOutlined, Tooltip } from '@tradeboard/shared/ui';
import { api, useTradeboardStore } from '@tradeboard/shared/web';
import { canSeeProspects } from '../api/userAccess.ts';
import type { ProspectRef } from './ConvertProspectDialog.tsx';

const AddProspectDialog = lazy(() => import('./AddProspectDialog.tsx'));
const ConvertProspectDialog = lazy(() => import('./ConvertProspectDialog.tsx'));

/** Whether the user may add and convert prospects (Prospect/WapAccess), and why not. */
function useWapAccess(): { allowed: boolean; reason: string | null } {
  const right = useTradeboardStore((state) => canSeeProspects(state.user));
  const { data } = useSWR(right ? 'prospect-wap-access' : null, () => api.call(prospectWapAccess), { revalidateOnFocus: false });
  return { allowed: right && data?.wapAccess === true, reason: right ? (data?.reason ?? null) : null };
}

/** "Add Prospect" (the accounts section, behind ProspectAccessRight). */
export function AddProspectButton({ sectionName }: { sectionName: string }): ReactNode {
  const { allowed, reason } = useWapAccess();
  const [open, setOpen] = useState(false);
  if (!allowed && !reason) return null;
  return (
    <>
      <Tooltip title={allowed ? undefined : reason}>
        <Button icon={<PlusOutlined aria-hidden />} disabled={!allowed} onClick={() => setOpen(true)}>
          Add Prospect
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <AddProspectDialog sectionName={sectionName} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** "Convert to Customer" on a prospect's summary. */
export function ConvertProspectButton({ prospect }: { prospect: ProspectRef }): ReactNode {
  const { allowed } = useWapAccess();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button size="small" type="primary" icon={<SwapOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Convert to Customer
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConvertProspectDialog prospect={prospect} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
