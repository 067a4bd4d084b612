import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import {
  batchErrorMessage,
  itemErrorMessage,
  jobErrorMessage,
  parseErrorMessage,
  refreshFailureText,
} from './job-messages.js';
import type { JobDetails } from './types.js';

loadAllLocales();
const en = i18nObject('en');
const fr = i18nObject('fr');
type ItemError = JobDetails['item_errors'][number];

const EMPTY_WORDS =
  'Library "BD" would lose all 1200 books: its folder looks empty. Nothing was deleted; check that the drive is mounted.';
const failed = (error_code: JobDetails['error_code'], error_params: JobDetails['error_params'], error = 'words') => ({
  error,
  error_code,
  error_params,
});
const item = (code: ItemError['code'], params: ItemError['params'], message = 'server words'): ItemError => ({
  item: 'Series/Book v01.cbz',
  message,
  code,
  params,
  at: '2026-11-26T12:00:00.000Z',
});

describe('why a job failed', () => {
  it('is said in the page language from its code and values, numbers formatted for the locale', () => {
    const empty = failed('scan_would_empty', { library: 'BD', count: 1200 }, EMPTY_WORDS);
    expect(jobErrorMessage(fr, 'fr', empty)).toEqual({
      text: 'La bibliothèque « BD » perdrait tous ses livres (1\u202f200) : son dossier semble vide. Rien n’a été supprimé ; vérifiez que le disque est monté.',
      detail: null,
    });
    expect(jobErrorMessage(en, 'en', empty)?.text).toBe(
      'Library “BD” would lose all its books (1,200): its folder looks empty. Nothing was deleted; check that the drive is mounted.',
    );
    const missing = failed('scan_root_missing', { library: 'BD', folder: 'bd' });
    expect(jobErrorMessage(fr, 'fr', missing)?.text).toBe(
      'Le dossier « bd » de la bibliothèque « BD » est absent ou illisible (le disque est-il monté ?). Rien n’a été modifié.',
    );
    expect(jobErrorMessage(fr, 'fr', failed('unexpected', {}))?.text).toBe(
      'La tâche s’est arrêtée sur une erreur inattendue (le journal du serveur en dit plus).',
    );
  });

  it('keeps a symlink refusal’s own reason, and says another refusal by its problem kind with the words as detail', () => {
    const overlap = failed('scan_root_overlap', {
      library: 'BD',
      folder: 'bd',
      detail: 'Another library already uses…',
    });
    expect(jobErrorMessage(fr, 'fr', overlap)).toEqual({
      text: expect.stringContaining('mène désormais dans le dossier d’une autre bibliothèque'),
      detail: 'Another library already uses…',
    });
    const gone = failed('problem', { kind: 'not-found' }, 'Library 42 not found.');
    expect(jobErrorMessage(fr, 'fr', gone)).toEqual({
      text: 'Cet élément n’existe pas (ou plus).',
      detail: 'Library 42 not found.',
    });
  });

  it('falls back to the server’s words for a row older than codes, an unknown code or missing values', () => {
    expect(jobErrorMessage(fr, 'fr', failed(null, null, EMPTY_WORDS))).toEqual({ text: EMPTY_WORDS, detail: null });
    const unknown = failed('from_the_future' as JobDetails['error_code'], {}, 'newer words');
    expect(jobErrorMessage(fr, 'fr', unknown)).toEqual({ text: 'newer words', detail: null });
    expect(jobErrorMessage(fr, 'fr', failed('scan_would_empty', { library: 'BD' }, EMPTY_WORDS))?.text).toBe(
      EMPTY_WORDS,
    );
    expect(jobErrorMessage(fr, 'fr', failed('problem', { kind: 'no-such-kind' }, 'odd words'))?.text).toBe('odd words');
  });

  it('is none for a job that did not fail', () => {
    expect(jobErrorMessage(fr, 'fr', { error: null, error_code: null, error_params: null })).toBeNull();
  });
});

describe('why a file or series failed', () => {
  it('says a book file error by its kind, with the reader’s own words apart', () => {
    const cover = item('file_corrupt', { detail: 'the cover cannot be decoded: VipsJpeg: premature end' });
    expect(itemErrorMessage(fr, cover)).toEqual({
      text: 'Le fichier est endommagé, ou n’est pas ce que dit son extension.',
      detail: 'the cover cannot be decoded: VipsJpeg: premature end',
    });
    expect(itemErrorMessage(en, item('file_too_large', { detail: 'x' })).text).toBe(
      'The file, or an image in it, is too large to read.',
    );
    expect(itemErrorMessage(fr, item('folder_unreadable', { reason: 'EACCES' })).text).toBe(
      'Ce dossier ne peut pas être lu (EACCES) : ses livres sont conservés.',
    );
    expect(itemErrorMessage(fr, item('name_not_utf8', {})).detail).toBeNull();
  });

  it('says a provider failure with the problems’ sentences, and an automatic match that could not be applied', () => {
    const failure = { provider: 'MangaDex', failure: 'rate_limited', detail: 'Provider failed: 429' };
    expect(itemErrorMessage(fr, item('provider_failure', failure))).toEqual({
      text: 'MangaDex demande de ralentir (limite de requêtes). Réessayez dans une minute.',
      detail: 'Provider failed: 429',
    });
    expect(itemErrorMessage(fr, item('auto_apply_failed', { ...failure, kind: 'provider-failure' })).text).toBe(
      'Correspondance certaine, mais la fiche n’a pas pu être appliquée : MangaDex demande de ralentir (limite de requêtes). Réessayez dans une minute.',
    );
    const names = (id: string) => (id === 'bedetheque' ? 'Bédéthèque' : id);
    expect(itemErrorMessage(fr, item('provider_failure', { ...failure, provider: 'bedetheque' }), names).text).toBe(
      'Bédéthèque demande de ralentir (limite de requêtes). Réessayez dans une minute.',
    );
    expect(
      itemErrorMessage(
        en,
        item('auto_apply_failed', { ...failure, provider: 'bedetheque', kind: 'provider-failure' }),
        names,
      ).text,
    ).toContain('Bédéthèque');
    expect(itemErrorMessage(fr, item('auto_apply_failed', { kind: 'conflict', detail: 'd' })).text).toBe(
      'Correspondance certaine, mais la fiche n’a pas pu être appliquée : Ceci entre en conflit avec l’état actuel de la bibliothèque.',
    );
  });

  it('falls back to the server’s words for an error older than codes, an unknown code or missing values', () => {
    expect(itemErrorMessage(fr, item(null, null, 'corrupt: not a readable ZIP'))).toEqual({
      text: 'corrupt: not a readable ZIP',
      detail: null,
    });
    expect(itemErrorMessage(fr, item('file_from_the_future' as ItemError['code'], {}, 'newer'))).toEqual({
      text: 'newer',
      detail: null,
    });
    expect(itemErrorMessage(fr, item('folder_unreadable', {}, 'folder unreadable (EIO)')).text).toBe(
      'folder unreadable (EIO)',
    );
    expect(itemErrorMessage(fr, item('provider_failure', { provider: 'X', failure: 'new_kind' }, 'w')).text).toBe('w');
  });
});

describe('why the scan could not read a book’s file', () => {
  const file = (code: ItemError['code'], params: ItemError['params'], parse_error: string | null = 'corrupt: x') => ({
    parse_error,
    parse_error_code: code,
    parse_error_params: params,
  });

  it('is said from its code as a scan’s item error is, the reader’s words apart', () => {
    const damaged = file('file_corrupt', { detail: 'not a readable ZIP (end of central directory not found)' });
    expect(parseErrorMessage(fr, damaged)).toEqual({
      text: 'Le fichier est endommagé, ou n’est pas ce que dit son extension.',
      detail: 'not a readable ZIP (end of central directory not found)',
    });
    expect(parseErrorMessage(en, damaged)).toEqual({
      text: 'The file is damaged, or not what its extension says.',
      detail: 'not a readable ZIP (end of central directory not found)',
    });
    expect(parseErrorMessage(fr, file('file_encrypted', { detail: 'd' }))?.text).toBe(
      'Le fichier est protégé par un mot de passe.',
    );
    expect(parseErrorMessage(fr, file('file_unreadable', {}))).toEqual({
      text: 'Le fichier n’a pas pu être analysé.',
      detail: null,
    });
  });

  it('keeps the server’s words for a file read before codes, or a code this admin does not know', () => {
    expect(parseErrorMessage(fr, file(null, null, 'corrupt: not a readable ZIP'))).toEqual({
      text: 'corrupt: not a readable ZIP',
      detail: null,
    });
    const newer = file('file_from_the_future' as ItemError['code'], { detail: 'd' }, 'newer words');
    expect(parseErrorMessage(en, newer)).toEqual({ text: 'newer words', detail: null });
  });

  it('is none for a file that was read', () => {
    expect(parseErrorMessage(fr, file(null, null, null))).toBeNull();
  });
});

describe('why a batch’s series has no match', () => {
  const names = (id: string) => (id === 'google_books' ? 'Google Books' : id === 'bedetheque' ? 'Bédéthèque' : id);
  const result = (
    error_code: ItemError['code'],
    error_params: ItemError['params'],
    error:
      string | null = 'Skipped: provider google_books is unreachable (…); the batch stopped asking it for a while.',
  ) => ({ error, error_code, error_params });

  it('says a series skipped because its providers were unreachable earlier, each by its name', () => {
    const skipped = result('provider_skipped', {
      provider: 'google_books',
      detail: 'the connection was refused (ECONNREFUSED)',
    });
    expect(batchErrorMessage(fr, skipped, names)).toEqual({
      text: 'Google Books était injoignable plus tôt dans ce lot : il n’est plus interrogé pendant un moment.',
      detail: 'the connection was refused (ECONNREFUSED)',
    });
    expect(batchErrorMessage(en, skipped, names)?.text).toBe(
      'Google Books could not be reached earlier in this batch, so it is not asked again for a while.',
    );
    const both = result('provider_skipped', { provider: 'google_books', fallback: 'bedetheque', detail: 'd' });
    expect(batchErrorMessage(fr, both, names)?.text).toBe(
      'Google Books était injoignable plus tôt dans ce lot : il n’est plus interrogé pendant un moment. ' +
        'Bédéthèque était injoignable plus tôt dans ce lot : il n’est plus interrogé pendant un moment.',
    );
  });

  it('says an automatic match that could not be applied, as the job’s item error', () => {
    const failed = result('auto_apply_failed', { kind: 'conflict', detail: 'd' }, 'Auto-apply failed: d');
    expect(batchErrorMessage(fr, failed)).toEqual({
      text: 'Correspondance certaine, mais la fiche n’a pas pu être appliquée : Ceci entre en conflit avec l’état actuel de la bibliothèque.',
      detail: 'd',
    });
  });

  it('keeps the server’s words for a result older than codes or missing its values, and is none without an error', () => {
    const words = 'Skipped: provider google_books is unreachable (DNS); the batch stopped asking it for a while.';
    expect(batchErrorMessage(fr, result(null, null, words))).toEqual({ text: words, detail: null });
    expect(batchErrorMessage(fr, result('provider_skipped', {}, words))).toEqual({ text: words, detail: null });
    expect(batchErrorMessage(fr, result(null, null, null))).toBeNull();
  });
});

describe('why a refresh could not read a series', () => {
  it('says its provider’s failure by kind, in the page language, else keeps the server’s words', () => {
    const name = (id: string) => (id === 'open_library' ? 'Open Library' : id);
    const entry = { provider: 'open_library', failure: 'unreachable' as const, error: 'Provider open_library failed' };
    expect(refreshFailureText(fr, entry, name)).toBe(
      'Open Library est injoignable : vérifiez son adresse, ou réessayez plus tard.',
    );
    expect(refreshFailureText(fr, { ...entry, failure: null }, name)).toBe('Provider open_library failed');
  });
});
