import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util.js';
import { loadAllLocales } from '../i18n/i18n-util.sync.js';
import { fieldLabel, fieldText, problemText } from './problem-text.js';

loadAllLocales();
const en = i18nObject('en');
const fr = i18nObject('fr');

const validation = (errors: unknown[]) => ({
  type: 'urn:shelfmark:problem:validation',
  detail: 'limit: must be a whole number from 1 to 500 (got 501)',
  errors: errors as { path: string; message: string }[],
});

describe('problemText', () => {
  it('says a validation failure field by field in the page language, from the codes, limits and allowed values', () => {
    const problem = validation([
      { path: '/query/limit', message: 'must be a whole number from 1 to 500 (got 501)', code: 'maximum', limit: 500 },
      {
        path: '/body/scope',
        message: 'must be one of admin or read (got "x")',
        code: 'enum',
        allowed: ['admin', 'read'],
      },
      { path: '/body/name', message: 'required', code: 'required' },
    ]);
    expect(problemText(fr, 'fr', problem)).toBe(
      'Éléments par page : doit valoir au plus 500; Accès : doit être l’une de ces valeurs : admin, read; Nom : obligatoire',
    );
    expect(problemText(en, 'en', problem)).toBe(
      'Items per page: must be at most 500; Access: must be one of: admin, read; Name: required',
    );
  });

  it("says the services' own rules by their codes, never the server's English on a French page", () => {
    const refused = {
      type: 'urn:shelfmark:problem:validation',
      detail: 'This library has no metadata provider; choose one before a batch.',
      errors: [
        { path: '/body/library_id', message: 'the library has no metadata provider', code: 'noMetadataProvider' },
      ],
    };
    const french = problemText(fr, 'fr', refused);
    expect(french).toContain('la bibliothèque n’a pas de fournisseur de métadonnées');
    expect(french).not.toContain('the library has');
    expect(problemText(en, 'en', refused)).toContain(
      'the library has no metadata provider: choose one in its settings',
    );
    const page = { path: '/body/current_page', message: 'must be at most 10', code: 'maximum', limit: 10 };
    expect(fieldText(fr.problems, page)).toBe('doit valoir au plus 10');
  });

  it('shows the field name when the i18n does not know the field, and the server words without a code', () => {
    expect(fieldLabel(fr.problems, '/body/links/0/zorglub')).toBe('links[0].zorglub');
    expect(
      fieldText(fr.problems, { path: '/body/isbn', message: 'is not a valid ISBN-10 or ISBN-13 (checksum)' }),
    ).toBe('is not a valid ISBN-10 or ISBN-13 (checksum)');
    expect(fieldText(fr.problems, { path: '/body/x', message: 'm', code: 'minLength', limit: 3 })).toBe(
      'doit compter au moins 3 caractères',
    );
    expect(fieldText(fr.problems, { path: '/body/x', message: 'm', code: 'maximum' })).toBe('trop grand');
  });

  it('names the other folder of an overlap, in the page’s language', () => {
    const overlap = { path: '/body/root_path', message: 'overlaps', code: 'overlap', folder: 'downloads/done' };
    expect(fieldText(fr.problems, overlap)).toContain('chevauche « downloads/done »');
    expect(fieldText(en.problems, overlap)).toContain('overlaps “downloads/done”');
    expect(fieldText(en.problems, { ...overlap, folder: undefined })).toContain('the same folder as another one');
  });

  it('names a provider failure from its fields, and other kinds in French by their type', () => {
    const failure = {
      type: 'urn:shelfmark:problem:provider-failure',
      detail: 'Provider anilist failed: rate limited.',
    };
    expect(problemText(fr, 'fr', { ...failure, provider: 'anilist', failure: 'rate_limited' })).toBe(
      'anilist demande de ralentir (limite de requêtes). Réessayez dans une minute.',
    );
    const conflict = { type: 'urn:shelfmark:problem:conflict', detail: 'Another library already uses comics.' };
    expect(problemText(fr, 'fr', conflict)).toBe('Ceci entre en conflit avec l’état actuel de la bibliothèque.');
    expect(problemText(en, 'en', conflict)).toBe('Another library already uses comics.');
  });
});
