/**
 * Which volumes of a series are missing: the one computation behind the wanted list (`GET /wanted`) and release
 * search's per-volume queries, for a series linked to a provider and for one that only knows its `total_volumes`.
 * Pure: the repositories read the rows, this decides.
 */

/** A local book as far as volumes go. */
export interface OwnedBookVolume {
  volume: number | null;
  volumeEnd: number | null;
  volumeKind: string;
}

/** A numbered volume an approved metadata link lists, and whether the sync matched a local book to it. */
export interface ProviderVolume {
  volumeNumber: number;
  title: string | null;
  hasBook: boolean;
}

export interface MissingVolume {
  volume: number;
  /** The provider's title of the volume, when a link lists it. */
  title: string | null;
}

/** The kinds that hold volumes of the main run, as in domain/series-counts.ts: hors-séries and chapters do not. */
const RUN_KINDS = new Set(['regular', 'integrale', 'one_shot']);
/** The same guard as the series counts: a mistyped T1-T9999 does not own thousands of volumes. */
const MAX_OWNED_RANGE = 500;
/**
 * A series expects at most this many volumes from `total_volumes`: a mistyped 99999 must not make the wanted list
 * (and a search job over it) a hundred thousand rows long. The longest real runs (Golgo 13, Kochikame) stay below.
 */
export const MAX_EXPECTED_VOLUMES = 1000;

/** Every volume number the local books hold: omnibus ranges expanded, fractional specials (12.5) as themselves. */
export function ownedVolumes(books: readonly OwnedBookVolume[]): Set<number> {
  const owned = new Set<number>();
  for (const book of books) {
    if (book.volume === null || !RUN_KINDS.has(book.volumeKind)) continue;
    owned.add(book.volume);
    const end = book.volumeEnd;
    if (!Number.isInteger(book.volume) || end === null || !Number.isInteger(end)) continue;
    for (let n = book.volume + 1; n <= Math.min(end, book.volume + MAX_OWNED_RANGE); n++) owned.add(n);
  }
  return owned;
}

/**
 * The series' volumes that no local book holds, ascending. With an approved link that lists numbered volumes, those
 * are the expected ones (a volume whose provider entry has a book, or that a local book covers, is held); otherwise
 * 1..total_volumes (at most MAX_EXPECTED_VOLUMES). Neither → none.
 */
export function missingVolumes(
  books: readonly OwnedBookVolume[],
  providerVolumes: readonly ProviderVolume[],
  totalVolumes: number | null,
): MissingVolume[] {
  const owned = ownedVolumes(books);
  const expected = new Map<number, string | null>();
  if (providerVolumes.length > 0) {
    // Several approved providers may list the same volume: one of them having matched a book is enough, and the
    // first title given wins.
    for (const entry of providerVolumes) {
      if (entry.hasBook) owned.add(entry.volumeNumber);
      if (!expected.has(entry.volumeNumber) || expected.get(entry.volumeNumber) === null) {
        expected.set(entry.volumeNumber, entry.title);
      }
    }
  } else {
    const total = Math.min(Math.max(0, Math.floor(totalVolumes ?? 0)), MAX_EXPECTED_VOLUMES);
    for (let volume = 1; volume <= total; volume++) expected.set(volume, null);
  }
  return [...expected]
    .filter(([volume]) => !owned.has(volume))
    .map(([volume, title]) => ({ volume, title }))
    .sort((a, b) => a.volume - b.volume);
}

/** Where a missing volume stands: nobody grabbed it (or the grab failed or expired), grabbed, or its file came in. */
export const WANTED_STATUSES = ['missing', 'grabbed', 'imported'] as const;
export type WantedStatus = (typeof WANTED_STATUSES)[number];

/**
 * A grab's status as of `now`: a grab still `grabbed` after `expiryMs` is `expired` (its file never came in), whether
 * or not that was written yet.
 */
export function grabStatusAt<S extends string>(
  grab: { status: S; at: Date },
  now: number,
  expiryMs: number,
): S | 'expired' {
  return grab.status === 'grabbed' && now - grab.at.getTime() >= expiryMs ? 'expired' : grab.status;
}

/** The status a volume's latest grab gives it; a failed or expired grab leaves it wanted. */
export function wantedStatus(lastGrab: { status: string } | null): WantedStatus {
  if (lastGrab?.status === 'grabbed') return 'grabbed';
  if (lastGrab?.status === 'imported') return 'imported';
  return 'missing';
}

/** A volume's latest grab as of `now` (expiry applied) and the status it gives the volume. */
export function volumeStatusAt<G extends { status: string; at: Date }>(
  lastGrab: G | null,
  now: number,
  expiryMs: number,
): { lastGrab: (Omit<G, 'status'> & { status: G['status'] | 'expired' }) | null; status: WantedStatus } {
  const grab = lastGrab === null ? null : { ...lastGrab, status: grabStatusAt(lastGrab, now, expiryMs) };
  return { lastGrab: grab, status: wantedStatus(grab) };
}
