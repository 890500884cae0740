import { useSyncExternalStore, type ReactNode } from 'react';

/** Seed 000 §8 goal toasts: closable; success green, error red, warning amber; 0.2 s in, 0.4 s out. */
export type ToastKind = 'success' | 'error' | 'warning';
type Toast = { id: number; kind: ToastKind; title: string; message: string; leaving: boolean };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const SHOWN_MS = 4500;
const OUT_MS = 400;

export function closeToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, OUT_MS);
}

export function showToast(kind: ToastKind, title: string, message: string): void {
  const id = nextId++;
  toasts = [...toasts, { id, kind, title, message, leaving: false }];
  emit();
  setTimeout(() => closeToast(id), SHOWN_MS);
}

export function Toasts(): ReactNode {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="tb-goals-toasts" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} role={t.kind === 'error' ? 'alert' : 'status'} className={`tb-goals-toast tb-goals-toast--${t.kind}${t.leaving ? ' tb-goals-toast--leaving' : ''}`}>
          <strong>{t.title}</strong>
          <span>{t.message}</span>
          <button type="button" aria-label="Close" onClick={() => closeToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
