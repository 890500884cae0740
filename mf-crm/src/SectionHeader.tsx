import type { ReactNode } from 'react';
import AccountActivity, { type SectionHeaderProps } from './activities/AccountActivity.tsx';
import ContactsStrip from './contacts/ContactsStrip.tsx';

/** What the CRM shows above a section's board (the `sectionHeader` slot): an account's timeline, and the contact entry points. */
export default function SectionHeader(props: SectionHeaderProps): ReactNode {
  return (
    <>
      <AccountActivity {...props} />
      <ContactsStrip {...props} />
    </>
  );
}
