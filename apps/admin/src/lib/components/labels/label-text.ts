import { labelList } from '../users/types.js';

/**
 * A known label picked from the suggestions, in a comma-separated field: added at the end when the text does not name
 * it, taken out when it does (names are compared exactly, as the server stores them).
 */
export function toggleLabel(text: string, name: string): string {
  const names = labelList(text);
  return (names.includes(name) ? names.filter((other) => other !== name) : [...names, name]).join(', ');
}

/** Whether the text names this label. */
export function namesLabel(text: string, name: string): boolean {
  return labelList(text).includes(name);
}
