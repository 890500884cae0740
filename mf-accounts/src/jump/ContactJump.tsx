import { useState, type ReactNode } from 'react';
import { navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { TYPE_AHEAD } from '../api/accountSearch.ts';
import { contactLine, contactSummaryHref, searchContacts, type ContactHit } from '../api/contactSearch.ts';
import { canSeeContacts } from '../api/userAccess.ts';
import { useTypeAhead } from '../api/useTypeAhead.ts';
import { JumpInput } from './JumpInput.tsx';

const contactKey = (contact: ContactHit) => `${contact.contactName} (${contact.contact}, company ${contact.company})`;

function ContactLabel({ contact }: { contact: ContactHit }): ReactNode {
  return (
    <div className="tb-hit">
      <div className="tb-hit__title">
        <span className="tb-hit__name">{contact.contactName}</span>
        <span className="tb-hit__id">{contact.contact}</span>
      </div>
      <div className="tb-hit__meta">{contactLine(contact)}</div>
    </div>
  );
}

/** "Jump to Contact" (seed 000 "Jump-to search"): a type-ahead over your customers' contacts; choosing one opens its summary. */
export default function ContactJump(): ReactNode {
  const allowed = useTradeboardStore((state) => canSeeContacts(state.user));
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const state = useTypeAhead(
    trimmed && allowed ? { key: trimmed, run: (signal) => searchContacts(trimmed, TYPE_AHEAD.pageSize, signal) } : null,
    TYPE_AHEAD.debounceMs,
  );
  if (!allowed) return null;
  return (
    <div className="tb-jump" role="search" aria-label="Jump to Contact">
      <JumpInput
        label="Jump to Contact"
        placeholder="Jump to Contact…"
        text={text}
        onText={setText}
        state={state}
        current={state.key === trimmed}
        valueOf={contactKey}
        labelOf={(contact) => <ContactLabel contact={contact} />}
        onChoose={(contact) => {
          setText('');
          navigate(contactSummaryHref(contact));
        }}
        emptyText={`No contact matches “${trimmed}”`}
      />
    </div>
  );
}
