import type { Release } from '@shelfmark/plugin-sdk';
import { releaseVolumes, titleNamesSeries } from './release-volumes.js';

/** What a search for one wanted volume keeps: its best few releases, the best first. */
export const KEPT_CANDIDATES = 5;

/**
 * A volume's file is seldom under 5 MB (a few pages of JPEG) and seldom over 2 GB (an uncompressed omnibus of a
 * single volume is already unusual): outside that range a release is more likely a sample, a text-only EPUB of
 * another book, or a whole-run pack. A hint, never a filter.
 */
const PLAUSIBLE_VOLUME_BYTES = { min: 5_000_000, max: 2_000_000_000 } as const;

/** Words scene and tracker titles use for a language, by ISO 639-1 code. */
const LANGUAGE_WORDS: Record<string, RegExp> = {
  fr: /\b(?:french|fr|vf|francais|français)\b/i,
  en: /\b(?:english|eng?)\b/i,
  de: /\b(?:german|deutsch|ger)\b/i,
  es: /\b(?:spanish|espanol|español|esp?)\b/i,
  it: /\b(?:italian|italiano|ita?)\b/i,
  ja: /\b(?:japanese|jpn?|raw)\b|[\u3040-\u30ff]/i,
};

export interface RankedCandidate {
  release: Release;
  /** The volumes the title covers, ranges expanded. */
  volumes: number[];
  /** The title names the series and covers exactly the wanted volume (not a pack). */
  exact: boolean;
  /** 0-based; 0 is the best. */
  rank: number;
}

/**
 * The releases of a search that may hold `volume` of `seriesName`, best first: the title must cover the volume;
 * then a title naming the series and this one volume (exact) before packs and other series' titles; then the
 * language asked for in the title (a hint: most titles say none); then a plausible size; then the most seeders
 * (usenet has none), then the newest. At most KEPT_CANDIDATES.
 */
export function rankCandidates(
  releases: readonly Release[],
  seriesName: string,
  volume: number,
  language: string | null,
): RankedCandidate[] {
  const languageWords = language === null ? undefined : LANGUAGE_WORDS[language];
  const scored = releases
    .map((release) => {
      const volumes = releaseVolumes(release.title, seriesName);
      const namesSeries = titleNamesSeries(release.title, seriesName);
      return {
        release,
        volumes,
        exact: namesSeries && volumes.length === 1 && volumes[0] === volume,
        namesSeries,
        speaksLanguage: languageWords?.test(release.title) ?? false,
        plausibleSize:
          release.sizeBytes !== null &&
          release.sizeBytes >= PLAUSIBLE_VOLUME_BYTES.min &&
          release.sizeBytes <= PLAUSIBLE_VOLUME_BYTES.max,
      };
    })
    .filter((candidate) => candidate.volumes.includes(volume));
  const published = (release: Release) => (release.publishDate === null ? 0 : Date.parse(release.publishDate));
  scored.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      Number(b.namesSeries) - Number(a.namesSeries) ||
      Number(b.speaksLanguage) - Number(a.speaksLanguage) ||
      Number(b.plausibleSize) - Number(a.plausibleSize) ||
      (b.release.seeders ?? -1) - (a.release.seeders ?? -1) ||
      published(b.release) - published(a.release) ||
      a.release.title.localeCompare(b.release.title),
  );
  return scored
    .slice(0, KEPT_CANDIDATES)
    .map(({ release, volumes, exact }, rank) => ({ release, volumes, exact, rank }));
}
