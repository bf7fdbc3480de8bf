/** The toast queue (rule 7.2): components call `showToast`; `<Toaster>` renders. */
import { useSyncExternalStore } from "react";

/** `default` for information and success, `destructive` for errors (rule 7.2). */
export type ToastVariant = "default" | "destructive";

/** A button in a toast (rule 7.2); `altText` tells screen readers where else the same thing is done. */
export interface ToastAction {
  label: string;
  altText: string;
  onSelect: () => void;
}

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

/** A toast with the identity the toaster keys it by. */
export interface ActiveToast extends Required<Pick<ToastMessage, "title">> {
  id: number;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  open: boolean;
}

/** How long a toast stays, in ms (rule 7.2). */
export const TOAST_DURATION_MS = 5000;

/** Rightward swipe distance that dismisses a toast, in px (rule 7.2). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

/** Shows a toast, replacing any toast on screen. Returns its id. */
export function showToast(message: ToastMessage): number {
  current = {
    id: nextId++,
    title: message.title,
    description: message.description,
    variant: message.variant ?? "default",
    action: message.action,
    open: true,
  };
  listeners.forEach((listener) => listener());
  return current.id;
}

/** Closes the toast with this id (if it is still the current one). */
export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = { ...current, open: false };
  listeners.forEach((listener) => listener());
}

/** Closes whatever toast is on screen (the cart drawer opening, rule 7.2). */
export function dismissCurrentToast(): void {
  if (current?.open) dismissToast(current.id);
}

/** The current toast (open or closing), or `null`; outside React. */
export function readCurrentToast(): ActiveToast | null {
  return current;
}

/** The toast on screen, or `null`. */
export function useToast(): ActiveToast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readCurrentToast,
    () => null,
  );
}
