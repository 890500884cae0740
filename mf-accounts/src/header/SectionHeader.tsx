import { lazy, Suspense, type ReactNode } from 'react';
import { AccountJump } from '../jump/AccountJump.tsx';
import manifest from '../manifest.json';
import { AccountsStyles } from '../theme/accountsStyles.tsx';

export type SectionHeaderProps = { sectionName: string; search: string };

// Headers and the contact jump load only on the sections that show them: /home gets the account jump alone.
const ContactJump = lazy(() => import('../jump/ContactJump.tsx'));
const RecordHeader = lazy(() => import('./RecordHeader.tsx'));
const AddProspectButton = lazy(() => import('../prospects/ProspectActions.tsx').then((module) => ({ default: module.AddProspectButton })));

/** Seed 000 "Jump-to search": the account jump's sections and the contact jump's. */
const ACCOUNT_JUMP = new Set(['home', 'accounts', 'accountSummary']);
const CONTACT_JUMP = new Set(['contacts', 'contactSummary']);
/** The sections about one record: their header shows above the board. */
const RECORD_SECTIONS = new Set(['accountSummary', 'contactSummary', 'supplierSummary', 'inventoryDetail']);

/** Whether this remote puts anything above a section's board: the sections its manifest fills the slot on (only there is it loaded). */
export function hasSectionHeader(sectionName: string): boolean {
  return manifest.slotSections.sectionHeader.includes(sectionName);
}

/**
 * What the accounts remote shows above a section's board (the boards remote mounts it through the
 * `sectionHeader` slot): the jump-to where seed 000 puts it, and the record's header on the pages
 * about one account, contact, supplier or item.
 */
export default function SectionHeader({ sectionName, search }: SectionHeaderProps): ReactNode {
  if (!hasSectionHeader(sectionName)) return null;
  return (
    <div className="tb-section-header tb-accounts-root">
      <AccountsStyles />
      <div className="tb-section-header__row">
        {ACCOUNT_JUMP.has(sectionName) && <AccountJump />}
        {sectionName === 'accounts' && (
          <Suspense fallback={null}>
            <AddProspectButton sectionName={sectionName} />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        {CONTACT_JUMP.has(sectionName) && <ContactJump />}
        {RECORD_SECTIONS.has(sectionName) && <RecordHeader sectionName={sectionName} search={search} />}
      </Suspense>
    </div>
  );
}
