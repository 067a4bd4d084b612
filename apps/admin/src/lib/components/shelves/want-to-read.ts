import { writable } from 'svelte/store';
import { account } from '../../account.js';
import { trpc } from '../../trpc.js';

/** Series ids whose want-to-read state the signed-in reader changed since they were listed, and the state set. */
export type WantedChanges = ReadonlyMap<string, boolean>;

/**
 * The toggles' changes of this session. Series items carry the caller's `want_to_read` as the server saw it when the
 * page was listed; a toggle pressed since is newer, so it wins over an item asked before it (another card or page of
 * the same series shows the change without asking the list again).
 */
export const wantedChanges = writable<WantedChanges>(new Map());

/** Whether the series is wanted: the change made here if any, else what its item says. */
export function isWanted(changes: WantedChanges, seriesId: string, listed: boolean): boolean {
  return changes.get(seriesId) ?? listed;
}

/** The changes with this one recorded (a new map: the store's subscribers see it). */
export function withChange(changes: WantedChanges, seriesId: string, wanted: boolean): WantedChanges {
  const next = new Map(changes);
  next.set(seriesId, wanted);
  return next;
}

/** Adds or removes one series on the server, then records it here. */
export async function setWanted(seriesId: string, wanted: boolean): Promise<void> {
  if (wanted) await trpc.wantToRead.add.mutate({ series_id: seriesId });
  else await trpc.wantToRead.remove.mutate({ series_id: seriesId });
  wantedChanges.update((changes) => withChange(changes, seriesId, wanted));
}

/** Another account (or none) signed in: the previous one's changes say nothing of its shelf. */
let accountName: string | null | undefined;
account.subscribe((current) => {
  const name = current?.username ?? null;
  if (name === accountName) return;
  accountName = name;
  wantedChanges.set(new Map());
});
