import { writable } from 'svelte/store';

export type ToastTone = 'neutral' | 'success' | 'danger';
export type ToastItem = { id: number; message: string; tone: ToastTone };

/** The toasts on screen, newest last. Rendered by <ToastRegion> (once, in the layout). */
export const toasts = writable<ToastItem[]>([]);
let next = 0;

export function dismissToast(id: number): void {
  toasts.update((list) => list.filter((item) => item.id !== id));
}

/**
 * Shows a short message in the toast region (role="status": read out politely). It goes away after `timeout` ms
 * (0 keeps it until dismissed). Returns its id.
 */
export function toast(message: string, options: { tone?: ToastTone; timeout?: number } = {}): number {
  const id = ++next;
  toasts.update((list) => [...list, { id, message, tone: options.tone ?? 'neutral' }]);
  const timeout = options.timeout ?? 5000;
  if (timeout > 0) setTimeout(() => dismissToast(id), timeout);
  return id;
}
