import { createContext, lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AlertProps, App, DrawerProps, ModalProps } from 'antd';
import { Quietly } from '@tradeboard/shared/web';
import { textFirst, untilOpened } from './lazyKit.tsx';

// antd's App, Modal, Drawer and Alert come from the kit's feedback entry (ui/feedback.ts), loaded by
// the first message, dialog, drawer or alert a page shows: most page loads show none.
const loadFeedback = () => import('@tradeboard/shared/ui/feedback');

/** antd's Modal, loaded when first opened. */
export const Modal = untilOpened<ModalProps>('A dialog', () => loadFeedback().then((entry) => entry.Modal));
/** antd's Drawer, loaded when first opened. */
export const Drawer = untilOpened<DrawerProps>('A drawer', () => loadFeedback().then((entry) => entry.Drawer));

/** The Alert's words and action without its icon, in antd's own markup (its styles are the kit's). */
function AlertText({ type = 'info', title, description, action, className, style }: AlertProps): ReactNode {
  return (
    <div role="alert" className={['ant-alert', `ant-alert-${type}`, className].filter(Boolean).join(' ')} style={style}>
      <div className="ant-alert-section">
        {title != null && <div className="ant-alert-title">{title}</div>}
        {description != null && <div className="ant-alert-description">{description}</div>}
      </div>
      {action != null && <div className="ant-alert-actions">{action}</div>}
    </div>
  );
}

/** antd's Alert, its code loaded with the first one drawn; its words and action show at once. */
export const Alert = textFirst<AlertProps>("The alert's icon", () => loadFeedback().then((entry) => entry.Alert), AlertText);

/** antd's App.useApp(): its message, notification and modal calls. */
type AppFeedback = ReturnType<typeof App.useApp>;
/** Something to show with antd's calls, once their holders are drawn. */
type FeedbackCall = (feedback: AppFeedback) => void;
/** antd's calls, each returning nothing: what they show appears once the feedback entry has loaded. */
type Deferred<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };
export type Feedback = { [K in keyof AppFeedback]: Deferred<AppFeedback[K]> };

const FeedbackContext = createContext<(call: FeedbackCall) => void>(() => {
  throw new Error('useFeedback() needs a FeedbackRoot around it (RemoteRoot has one)');
});

const Holders = lazy(() =>
  loadFeedback().then(({ App }) => {
    function Ready({ onReady }: { onReady: (feedback: AppFeedback) => void }): ReactNode {
      const feedback = App.useApp();
      useEffect(() => onReady(feedback), [feedback, onReady]);
      return null;
    }
    function AppHolders({ onReady }: { onReady: (feedback: AppFeedback) => void }): ReactNode {
      return (
        <App component={false}>
          <Ready onReady={onReady} />
        </App>
      );
    }
    return { default: AppHolders };
  }),
);

/**
 * Where the messages, notifications and confirm dialogs of `useFeedback()` are drawn: antd's App
 * holders, inside the ConfigProvider around it (so they follow the theme and reduced motion), drawn
 * with the first call. Shows the calls made before its code loaded, in order.
 */
export function FeedbackRoot({ children }: { children: ReactNode }): ReactNode {
  const [wanted, setWanted] = useState(false);
  const feedback = useRef<AppFeedback | null>(null);
  const waiting = useRef<FeedbackCall[]>([]);
  const show = useCallback((call: FeedbackCall) => {
    if (feedback.current) return call(feedback.current);
    waiting.current.push(call);
    setWanted(true);
  }, []);
  const ready = useCallback((loaded: AppFeedback) => {
    feedback.current = loaded;
    for (const call of waiting.current.splice(0)) call(loaded);
  }, []);
  return (
    <FeedbackContext value={show}>
      {children}
      {wanted && (
        <Quietly what="Messages and dialogs">
          <Suspense fallback={null}>
            <Holders onReady={ready} />
          </Suspense>
        </Quietly>
      )}
    </FeedbackContext>
  );
}

/** One part of antd's App API (message, notification, modal) whose calls wait for the holders. */
function deferred<K extends keyof AppFeedback>(show: (call: FeedbackCall) => void, part: K): Deferred<AppFeedback[K]> {
  // Any method name of that part: `feedback.message.success(…)` calls antd's `message.success(…)`.
  return new Proxy({} as Deferred<AppFeedback[K]>, {
    get: (_, name) => (...args: unknown[]) => show((feedback) => (feedback[part] as Record<string | symbol, (...args: unknown[]) => unknown>)[name]!(...args)),
  });
}

/**
 * antd's App.useApp() without its code on the page until used: `message`, `notification` and
 * `modal` with antd's calls (`message.success('Saved.')`, `modal.confirm({ … })`); the first loads
 * the kit's feedback entry, then shows. Needs a FeedbackRoot around it (RemoteRoot has one).
 */
export function useFeedback(): Feedback {
  const show = use(FeedbackContext);
  return useMemo(() => ({ message: deferred(show, 'message'), notification: deferred(show, 'notification'), modal: deferred(show, 'modal') }), [show]);
}
