import { useEffect, useRef, useState, type ReactNode } from 'react';
import { settingValue } from '@tradeboard/shared/user-settings';
import { Alert, Button, Drawer, Popconfirm, Tag } from '@tradeboard/shared/ui';
import { Input, Select, type InputRef } from '@tradeboard/shared/ui/edit';
import { errorMessage, useTradeboardStore } from '@tradeboard/shared/web';
import {
  conflictOf,
  createActivity,
  deleteActivity,
  refreshActivities,
  updateActivity,
  useAccountLocation,
  useActivityTypes,
  verifyLocation,
  type ActivityAccount,
  type ActivityItem,
} from '../api/activities.ts';
import { gpsCheck, needsReason, useBrowserLocation, type GpsCheck } from './gps.ts';
import { UserDefinedInputs, useUserDefinedDraft } from '../udf/UserDefinedFields.tsx';
import { ConflictAlert } from '../editor/ConflictAlert.tsx';

export type ActivityEditorProps = {
  open: boolean;
  onClose: () => void;
  /** The account to log on (a new activity). */
  account?: ActivityAccount;
  /** The activity to edit (instead of logging a new one). */
  activity?: ActivityItem;
  onSaved?: (activity: ActivityItem) => void;
};

/** Today in the browser's calendar (yyyy-mm-dd). */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A number setting of the signed-in user (FollowUpDays, GpsVerificationRadiusMiles), else its default. */
function useNumberSetting(name: string, fallback: number): number {
  const settings = useTradeboardStore((state) => state.user?.settings);
  const value = Number(settings ? settingValue(settings, name) : undefined);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const milesText = (miles: number) => `${miles} ${miles === 1 ? 'mile' : 'miles'}`;

/** What the editor says about where the user is. */
function GpsLine({ check, radius }: { check: GpsCheck; radius: number }): ReactNode {
  switch (check.kind) {
    case 'locating':
      return <span className="tb-crm-muted">Finding your location…</span>;
    case 'verified':
      return (
        <span>
          <Tag color="green">GPS verified</Tag> {milesText(check.miles)} from the account
        </span>
      );
    case 'far':
      return (
        <span>
          <Tag color="orange">Not verified</Tag> You are {milesText(check.miles)} from the account, more than the {radius}-mile radius. Give a reason below.
        </span>
      );
    case 'unknown':
      return <span className="tb-crm-muted">Your location is checked against the account&apos;s when you save.</span>;
    case 'denied':
      return (
        <span>
          <Tag color="orange">No location</Tag> Location permission is off, so this activity can&apos;t be GPS verified. Give a reason below.
        </span>
      );
    case 'unavailable':
      return (
        <span>
          <Tag color="orange">No location</Tag> Your location is not available, so this activity can&apos;t be GPS verified. Give a reason below.
        </span>
      );
  }
}

/**
 * Log an activity on an account, or edit one (seed 001 §7.11): a slide-over with the type, the
 * subject and notes; one click saves it as done today, with or without a follow-up FollowUpDays
 * later. Logging from the browser records where the user was (§7.13): within the GPS verification
 * radius of the account it is verified, otherwise (too far, no permission) a reason is asked for.
 * An edit that someone else's came before answers 409: their version is shown, nothing is lost.
 */
export default function ActivityEditor({ open, onClose, account, activity: given, onSaved }: ActivityEditorProps): ReactNode {
  /** The version edited: the one given, or the current one after a conflict. */
  const [activity, setActivity] = useState<ActivityItem | undefined>(given);
  const editing = given !== undefined;
  const target: ActivityAccount | null = activity ?? account ?? null;
  const types = useActivityTypes();
  const followUpDays = useNumberSetting('FollowUpDays', 7);
  const radius = useNumberSetting('GpsVerificationRadiusMiles', 5);
  const located = useBrowserLocation(open && !editing);
  const location = useAccountLocation(open && !editing ? target : null);
  const accountPoint = location.data && location.data.latitude !== null && location.data.longitude !== null ? { latitude: location.data.latitude, longitude: location.data.longitude } : null;
  const check = editing ? ({ kind: 'unknown' } as GpsCheck) : location.isLoading ? ({ kind: 'locating' } as GpsCheck) : gpsCheck(located, accountPoint, radius);

  const [typeId, setTypeId] = useState<number | undefined>(activity?.activityTypeId);
  const [subject, setSubject] = useState(activity?.subject ?? '');
  const [notes, setNotes] = useState(activity?.notes ?? '');
  const [dueDate, setDueDate] = useState(activity?.dueDate ?? '');
  const [completedDate, setCompletedDate] = useState(activity?.completedDate ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ActivityItem | null>(null);
  /** Logged, but the server wants a reason for its location (it knew the account's place). */
  const [pending, setPending] = useState<{ saved: ActivityItem; message: string } | null>(null);
  const subjectRef = useRef<InputRef>(null);
  const more = useUserDefinedDraft('Activity', activity ? String(activity.activityTransactionNumber) : null);
  const reasonRef = useRef<InputRef>(null);

  const activeTypes = (types.data?.rows ?? []).filter((type) => type.isActive || type.activityTypeId === activity?.activityTypeId);
  const chosenType = typeId ?? activeTypes[0]?.activityTypeId;
  const reasonNeeded = !editing && (needsReason(check) || pending !== null);

  /** The form from an activity (or empty for a new one). */
  const load = (from: ActivityItem | undefined) => {
    setActivity(from);
    setTypeId(from?.activityTypeId);
    setSubject(from?.subject ?? '');
    setNotes(from?.notes ?? '');
    setDueDate(from?.dueDate ?? '');
    setCompletedDate(from?.completedDate ?? '');
    setError(null);
    setConflict(null);
  };
  useEffect(() => {
    if (!open) return;
    load(given);
    setReason('');
    setPending(null);
  }, [open, given]);

  const finish = async (saved: ActivityItem) => {
    await refreshActivities();
    onSaved?.(saved);
    onClose();
  };

  /** Records where the activity was logged; false when the server asks for a reason first. */
  const verify = async (saved: ActivityItem): Promise<boolean> => {
    const where = located.state === 'located' ? located.position : null;
    try {
      await verifyLocation(saved, where, reason);
      return true;
    } catch (caught) {
      const status = (caught as { status?: number }).status;
      if (status === 400) {
        setPending({ saved, message: errorMessage(caught) });
        setTimeout(() => reasonRef.current?.focus(), 0);
        return false;
      }
      throw caught;
    }
  };

  /** A write that failed: another edit came first (their version is shown), or the server's message. */
  const failed = (caught: unknown) => {
    const current = conflictOf(caught);
    if (current) setConflict(current);
    else setError(errorMessage(caught));
  };

  const save = async (followUp: boolean) => {
    if (!chosenType || !subject.trim()) {
      setError(!chosenType ? 'Choose a type.' : 'Give the activity a subject.');
      if (chosenType) subjectRef.current?.focus();
      return;
    }
    const problem = more.check();
    if (problem) {
      setError(problem);
      return;
    }
    if (reasonNeeded && !reason.trim()) {
      setError('Give a reason the activity is not GPS verified.');
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const draft = { activityTypeId: chosenType, subject, notes };
      if (pending) {
        if (await verify(pending.saved)) await finish(pending.saved);
      } else if (activity) {
        const saved = await updateActivity(activity, { ...draft, dueDate: dueDate || null, completedDate: completedDate || null }, followUp);
        await more.save(String(saved.activityTransactionNumber));
        await finish(saved);
      } else if (account) {
        const today = localToday();
        const saved = await createActivity(account, { ...draft, dueDate: today, completedDate: today }, followUp);
        await more.save(String(saved.activityTransactionNumber));
        if (await verify(saved)) await finish(saved);
        else await refreshActivities();
      }
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!activity) return;
    setBusy(true);
    try {
      await deleteActivity(activity);
      await refreshActivities();
      onClose();
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const title = editing ? 'Edit activity' : 'Log activity';
  const accountLine = target ? `${target.accountName ?? target.accountId} · ${target.accountType === 'ShipTo' ? 'Ship To' : target.accountType} ${target.accountId}` : '';
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save(false);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={480}
      destroyOnHidden
      afterOpenChange={(visible) => visible && subjectRef.current?.focus()}
      footer={
        <div className="tb-crm-editor__footer">
          {editing && (
            <Popconfirm title="Are you sure?" description="This deletes the activity." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void remove()}>
              <Button danger disabled={busy || !!conflict}>
                Delete
              </Button>
            </Popconfirm>
          )}
          <span className="tb-crm-editor__spacer" />
          <Button onClick={onClose}>Cancel</Button>
          {!pending && (
            <Button onClick={() => void save(true)} loading={busy} disabled={!!conflict} title={`Saves it as done today and schedules a follow-up ${followUpDays} days later`}>
              {editing && !activity?.completedDate ? `Complete + follow-up in ${followUpDays} days` : `Save + follow-up in ${followUpDays} days`}
            </Button>
          )}
          <Button type="primary" onClick={() => void save(false)} loading={busy} disabled={!!conflict}>
            {pending ? 'Save reason' : 'Save'}
          </Button>
        </div>
      }
    >
      <div className="tb-crm-editor" onKeyDown={onKeyDown}>
        {accountLine && <p className="tb-crm-muted tb-crm-editor__account">{accountLine}</p>}
        {conflict && (
          <ConflictAlert
            what="activity"
            now={
              <>
                It now reads “{conflict.subject}” ({conflict.activityType}, due {conflict.dueDate}{conflict.completedDate ? `, completed ${conflict.completedDate}` : ''}).
              </>
            }
            onEditTheirs={() => load(conflict)}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
        {types.error && <Alert type="error" showIcon title="The activity types could not be loaded" description={errorMessage(types.error)} />}
        <div className="tb-crm-field">
          <label htmlFor="crm-activity-type">Type</label>
          <Select
            id="crm-activity-type"
            aria-label="Type"
            value={chosenType}
            loading={types.isLoading}
            onChange={(value: number) => setTypeId(value)}
            options={activeTypes.map((type) => ({ value: type.activityTypeId, label: type.activityTypeName }))}
          />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-activity-subject">Subject</label>
          <Input id="crm-activity-subject" ref={subjectRef} value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} onPressEnter={() => void save(false)} />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-activity-notes">Notes</label>
          <Input.TextArea id="crm-activity-notes" value={notes} maxLength={4000} autoSize={{ minRows: 3, maxRows: 10 }} onChange={(event) => setNotes(event.target.value)} />
        </div>
        <UserDefinedInputs draft={more} idPrefix="crm-activity" />
        {editing && (
          <div className="tb-crm-editor__dates">
            <div className="tb-crm-field">
              <label htmlFor="crm-activity-due">Due date</label>
              <Input id="crm-activity-due" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
            </div>
            <div className="tb-crm-field">
              <label htmlFor="crm-activity-completed">Completed</label>
              <Input id="crm-activity-completed" type="date" value={completedDate} onChange={(event) => setCompletedDate(event.target.value)} />
            </div>
          </div>
        )}
        {!editing && (
          <div className="tb-crm-editor__gps" role="status">
            {pending ? (
              <span>
                <Tag color="orange">Not verified</Tag> The activity is logged. {pending.message}
              </span>
            ) : (
              <GpsLine check={check} radius={radius} />
            )}
          </div>
        )}
        {reasonNeeded && (
          <div className="tb-crm-field">
            <label htmlFor="crm-activity-reason">Reason not verified</label>
            <Input id="crm-activity-reason" ref={reasonRef} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} onPressEnter={() => void save(false)} />
          </div>
        )}
        <p className="tb-crm-muted tb-crm-editor__hint">Ctrl+Enter saves.</p>
      </div>
    </Drawer>
  );
}
