/**
 * Holds back a value while it keeps changing and hands on the last one after a pause: a search box asks the
 * server once per pause in typing, not once per key. `pending` tells whether a value is still held back (the box
 * then keeps what is being typed rather than showing the URL's older search).
 */
export interface Debounced<T> {
  push(value: T): void;
  cancel(): void;
  readonly pending: boolean;
}

export function debounce<T>(delayMs: number, commit: (value: T) => void): Debounced<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        commit(value);
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return timer !== undefined;
    },
  };
}
