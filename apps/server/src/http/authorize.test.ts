import { describe, expect, it } from 'vitest';
import { loadOpenApi, operations } from './openapi-document.js';
import { requiredScope } from './authorize.js';

const spec = loadOpenApi();
const scopeOf = (operationId: string) => {
  const op = operations(spec.document).find((o) => o.operation.operationId === operationId);
  if (!op) throw new Error(operationId);
  return requiredScope(op.operation.security, spec.document);
};

describe('scopes from openapi.yaml', () => {
  it('leaves health, auth status, setup, login and the single sign-on redirects public', () => {
    for (const id of [
      'getHealth',
      'getAuthStatus',
      'setupAdmin',
      'login',
      'startOidcSignIn',
      'finishOidcSignIn',
      'endOidcSession',
    ]) {
      expect(scopeOf(id)).toBeNull();
    }
  });

  it('lets read credentials read, set reading progress and their reader settings, manage their own tokens, account, reading lists, want-to-read shelf and saved filters, and nothing else', () => {
    for (const { method, operation } of operations(spec.document)) {
      const scope = requiredScope(operation.security, spec.document);
      if (scope === null) continue;
      const readable =
        (method === 'get' &&
          ![
            'getSettings',
            'listBackups',
            'downloadBackup',
            'listUsers',
            'getUser',
            // What the release indexer found and grabbed is the admins' (issue 36).
            'listReleaseCandidates',
            'listReleaseGrabs',
            // Only an admin edits a library's naming template (issue 37).
            'previewNamingTemplate',
            // The import queue and history span every library (issue 37).
            'listImports',
            'listImportHistory',
            // Labels decide what readers see: the admins' (issue 39).
            'listLabels',
            'getSeriesLabels',
          ].includes(operation.operationId)) ||
        [
          'setBookProgress',
          'markSeriesRead',
          'setSeriesReaderSettings',
          'logout',
          'createToken',
          'deleteToken',
          'updateCurrentUser',
          // A reader's own reading lists and want-to-read shelf (issue 32); sharing a list stays an admin's.
          'createReadingList',
          'importReadingList',
          'matchReadingListImportAgain',
          'chooseReadingListImportCandidate',
          'updateReadingList',
          'deleteReadingList',
          'addWantToRead',
          'removeWantToRead',
          // A reader's own saved filters (issue 35); sharing one is checked by role in the service.
          'createSavedFilter',
          'updateSavedFilter',
          'deleteSavedFilter',
        ].includes(operation.operationId);
      expect(scope, operation.operationId).toBe(readable ? 'read' : 'admin');
    }
  });

  it('keeps labels, which decide what readers see, to admins (issue 39)', () => {
    for (const id of ['listLabels', 'getSeriesLabels', 'setSeriesLabels', 'editSeriesLabels'])
      expect(scopeOf(id), id).toBe('admin');
  });

  it('keeps uploading a book to import to admins (issue 37)', () => {
    expect(scopeOf('uploadBookFile')).toBe('admin');
  });

  it('lets read credentials see the wanted list of their libraries; searching, candidates and grabs are admins’ (issue 36)', () => {
    expect(scopeOf('listWanted')).toBe('read');
    for (const id of ['startReleaseSearch', 'listReleaseCandidates', 'grabRelease', 'listReleaseGrabs'])
      expect(scopeOf(id), id).toBe('admin');
  });

  it('keeps the import queue, its choices, the history and undo to admins (issue 37)', () => {
    for (const id of ['listImports', 'importQueuedFile', 'ignoreImport', 'listImportHistory', 'undoImport'])
      expect(scopeOf(id), id).toBe('admin');
  });
});
