import { fold } from './search-text.js';

/**
 * How well a provider's series matches a local one, 0–100 (SPEC §3). 100 only for titles equal after
 * normalisation whose volume counts agree when both are known; the batch applies nothing below 100.
 */

/** Articles dropped at either end of a title: "Les Légendaires", "Légendaires (Les)", "Walking Dead, The". */
const ARTICLES = [
  'le',
  'la',
  'les',
  "l'",
  'un',
  'une',
  'des',
  'du',
  "d'",
  'the',
  'a',
  'an',
  'der',
  'die',
  'das',
  'el',
  'los',
  'las',
  'il',
  'lo',
  'gli',
];
const LEADING = new RegExp(`^(?:${ARTICLES.map((a) => a.replace("'", "'\\s*")).join('|')})(?:\\s+|(?<='))`, 'u');
const TRAILING = new RegExp(`(?:,\\s*|\\s*\\(\\s*)(?:${ARTICLES.join('|')})\\s*\\)?$`, 'u');

export function normaliseTitle(title: string): string {
  let text = fold(title).replace(/[’`´]/g, "'");
  text = text.replace(TRAILING, '').trim();
  text = text.replace(LEADING, '').trim();
  return text
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LocalSeriesFacts {
  name: string;
  /** The count the admin (or an earlier sync) recorded for the series, when known. */
  totalVolumes: number | null;
  /** The highest volume number held locally; a provider that knows fewer volumes is not this series. */
  highestVolume: number | null;
}

export interface CandidateFacts {
  title: string;
  alternativeTitles: readonly string[];
  totalVolumes: number | null;
}

/** Word-bigram-free similarity: Dice coefficient over character bigrams of the normalised titles. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const bigrams = (text: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i < text.length - 1; i++) {
      const pair = text.slice(i, i + 2);
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
    return counts;
  };
  const left = bigrams(a);
  const right = bigrams(b);
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

function titleScore(local: string, remote: string): number {
  if (local === '' || remote === '') return 0;
  if (local === remote) return 100;
  const words = (text: string) => ` ${text} `;
  // One title holding the other as whole words: "blacksad" in "blacksad integrale".
  if (words(remote).includes(words(local)) || words(local).includes(words(remote))) {
    const ratio = Math.min(local.length, remote.length) / Math.max(local.length, remote.length);
    return Math.round(70 + 20 * ratio);
  }
  return Math.round(65 * similarity(local, remote));
}

/** Whether both sides know a volume count and they disagree. */
export function countsDisagree(local: LocalSeriesFacts, candidate: CandidateFacts): boolean {
  if (candidate.totalVolumes === null || candidate.totalVolumes <= 0) return false;
  if (local.totalVolumes !== null && local.totalVolumes > 0 && local.totalVolumes !== candidate.totalVolumes)
    return true;
  return local.highestVolume !== null && local.highestVolume > candidate.totalVolumes;
}

export function confidence(local: LocalSeriesFacts, candidate: CandidateFacts): number {
  const name = normaliseTitle(local.name);
  const best = Math.max(
    titleScore(name, normaliseTitle(candidate.title)),
    // An alternative title (romaji, original) is good evidence, but a little less than the title itself.
    ...candidate.alternativeTitles.map((title) => Math.min(99, titleScore(name, normaliseTitle(title)))),
  );
  if (best === 100 && countsDisagree(local, candidate)) return 90;
  return best;
}
