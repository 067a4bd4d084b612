import { parseFileName } from '../indexer/filename-parser.js';
import type { ImportMatch, ImportSuggestion } from '../entities/import-entry.entity.js';
import { normaliseTitle } from './matching.js';

/**
 * Which series an arriving file belongs to (issue 37, item 5). Pure: the import service reads the grabs, the file's
 * own metadata and the candidate series, then asks this. In order of trust: a grab whose release name is the file's
 * (or its folder's) name; the file's ComicInfo `Series` or OPF series; its name (and its folder's) naming a series.
 * One suggestion that is sure (`EXACT`) and alone at that level imports by itself; anything else waits for an admin.
 */

/** A suggestion this sure, alone at that level, imports without an admin. */
export const EXACT = 0.9;
/** At most this many suggestions are kept on a queue entry. */
const MAX_SUGGESTIONS = 5;
/** The most words of a name tried as a series name (prefixes of the name, longest first). */
const MAX_NAME_WORDS = 12;

export interface GrabFacts {
  id: string;
  seriesId: string;
  seriesName: string;
  libraryId: string;
  volume: number;
  title: string;
}

export interface SeriesFacts {
  id: string;
  name: string;
  libraryId: string;
  matchKey: string;
}

export interface ArrivingFile {
  /** The file's name (a folder entry: the name the import gives it, after its folder). */
  fileName: string;
  /** The name of the entry in the import folder when it is a folder (download clients name it after the release). */
  folderName: string | null;
  /** What the file's metadata says, when it could be read. */
  embedded: { series?: string; number?: number; volume?: number } | null;
}

export interface MatchResult {
  suggestions: ImportSuggestion[];
  /** The grab the file is the download of, when its name says so. */
  grabId: string | null;
  /** The one suggestion to import without asking, or null. */
  exact: ImportSuggestion | null;
}

const stem = (name: string): string => name.replace(/\.[^.]+$/, '');

/** The keys (series match keys) a name may start with: its normalised words' prefixes, longest first. */
export function nameKeys(name: string): string[] {
  const words = normaliseTitle(stem(name).replace(/[_.]/g, ' ')).split(' ').filter(Boolean).slice(0, MAX_NAME_WORDS);
  const keys: string[] = [];
  for (let n = words.length; n >= 1; n--) keys.push(words.slice(0, n).join(' '));
  return keys;
}

function volumeFor(fileName: string, seriesName: string): number | null {
  return parseFileName(fileName, seriesName).volume;
}

export function matchImport(
  file: ArrivingFile,
  grabs: readonly GrabFacts[],
  series: readonly SeriesFacts[],
): MatchResult {
  const names = [file.fileName, file.folderName].filter((name): name is string => name !== null);
  const grabKeys = new Set(names.map((name) => normaliseTitle(stem(name).replace(/[_.]/g, ' '))));
  const grabKeysRaw = new Set(names.map((name) => normaliseTitle(name.replace(/[_]/g, ' '))));
  const suggestions: ImportSuggestion[] = [];
  const add = (
    facts: SeriesFacts | GrabFacts,
    id: string,
    volume: number | null,
    confidence: number,
    by: ImportMatch,
  ) => {
    const seen = suggestions.find((s) => s.seriesId === id);
    if (seen && seen.confidence >= confidence) return;
    if (seen) suggestions.splice(suggestions.indexOf(seen), 1);
    const name = 'seriesName' in facts ? facts.seriesName : facts.name;
    suggestions.push({ seriesId: id, seriesName: name, libraryId: facts.libraryId, volume, confidence, matchedBy: by });
  };

  let grabId: string | null = null;
  for (const grab of grabs) {
    const key = normaliseTitle(grab.title.replace(/[_]/g, ' '));
    if (grabKeys.has(key) || grabKeysRaw.has(key)) {
      grabId ??= grab.id;
      add(grab, grab.seriesId, grab.volume, 1, 'grab');
    }
  }

  const embeddedSeries = file.embedded?.series?.trim();
  if (embeddedSeries) {
    const key = normaliseTitle(embeddedSeries);
    const number = file.embedded?.number ?? file.embedded?.volume ?? volumeFor(file.fileName, embeddedSeries);
    for (const candidate of series.filter((s) => s.matchKey === key)) {
      add(candidate, candidate.id, number ?? null, number === null || number === undefined ? 0.6 : 0.95, 'metadata');
    }
  }

  // The longest series name a name starts with is the series (`Naruto Gaiden 01` is not `Naruto`); shorter ones are
  // kept as weaker suggestions.
  for (const name of names) {
    const keys = nameKeys(name);
    keys.forEach((key, index) => {
      for (const candidate of series.filter((s) => s.matchKey === key)) {
        const volume = volumeFor(file.fileName, candidate.name) ?? volumeFor(name, candidate.name);
        const longest = index === keys.findIndex((k) => series.some((s) => s.matchKey === k));
        const base = name === file.fileName ? 0.9 : 0.85;
        const confidence = volume === null ? 0.5 : longest ? base : 0.6;
        add(candidate, candidate.id, volume, confidence, 'name');
      }
    });
  }

  suggestions.sort((a, b) => b.confidence - a.confidence || a.seriesName.localeCompare(b.seriesName));
  const kept = suggestions.slice(0, MAX_SUGGESTIONS);
  const sure = kept.filter((s) => s.confidence >= EXACT && s.volume !== null);
  const alone = sure.length === 1 || (sure.length > 1 && sure[0]!.confidence > sure[1]!.confidence);
  return { suggestions: kept, grabId, exact: alone ? sure[0]! : null };
}
