import { create } from 'zustand';

export type StatusKind = 'success' | 'error';
export type StatusMessage = { id: number; kind: StatusKind; title: string; message: string };

type StatusState = {
  current: StatusMessage | null;
  show: (kind: StatusKind, title: string, message: string) => void;
  hide: () => void;
};

let nextId = 1;

/** The boards remote's success/failure dialog (seed 000 §8; auto-hides after 5 s). */
export const useStatusDialog = create<StatusState>()((set) => ({
  current: null,
  show: (kind, title, message) => set({ current: { id: nextId++, kind, title, message } }),
  hide: () => set({ current: null }),
}));

export function showSuccess(message: string, title = 'Success!'): void {
  useStatusDialog.getState().show('success', title, message);
}

export function showFailure(message: string, title = 'Error!'): void {
  useStatusDialog.getState().show('error', title, message);
}
