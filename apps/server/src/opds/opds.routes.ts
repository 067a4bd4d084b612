import { Router, type Request, type RequestHandler, type Response } from 'express';
import { UnauthorizedError } from '../domain/errors.js';
import { basicCredentials, resolvePrincipal } from '../http/credentials.js';
import { passwordCredential, SignInLimiter, tokenCredential } from '../http/sign-in-limiter.js';
import { problem, sendProblem } from '../http/problem.js';
import type { Logger } from '../logger.js';
import type { AuthService } from '../services/auth.service.js';
import { parseApiToken } from '../services/secret-tokens.js';
import type { BookFileService } from '../services/book-file.service.js';
import type { BookService } from '../services/book.service.js';
import type { CatalogFreshness } from '../services/catalog-freshness.js';
import type { LibraryService } from '../services/library.service.js';
import type { SeriesService } from '../services/series.service.js';
import type { SettingsService } from '../services/settings.service.js';
import type { CollectionService } from '../services/collection.service.js';
import type { ReadingListService } from '../services/reading-list.service.js';
import type { WantToReadService } from '../services/want-to-read.service.js';
import { ShelfPages } from './shelf-pages.js';
import { ATOM_ACQUISITION, ATOM_NAVIGATION, OPENSEARCH_TYPE, atomFeed, openSearchDescription } from './atom-feed.js';
import { bookMediaRoutes } from './book-media.routes.js';
import { RenderedFeeds } from './rendered-feeds.js';
import { CatalogPages, type CatalogPage } from './catalog-pages.js';
import { isNotModified, setValidators, validatorsFor } from './conditional.js';
import { absoluteBase, linkBase } from './feed-links.js';
import {
  AUTHENTICATION_REL,
  AUTHENTICATION_TYPE,
  OPDS2_TYPE,
  authenticationDocument,
  opds2Feed,
} from './opds2-feed.js';
import { feedFiltersParam, idParam, pageParam, searchParam } from './request-values.js';
import { xmlSafe } from './xml-text.js';
import { runAsViewer } from '../services/viewer-context.js';
import type { SeriesCoverService } from '../services/series-cover.service.js';

export interface OpdsServices {
  auth: AuthService;
  libraries: LibraryService;
  series: SeriesService;
  books: BookService;
  bookFiles: BookFileService;
  settings: SettingsService;
  catalogFreshness: CatalogFreshness;
  seriesCovers: SeriesCoverService;
  collections: CollectionService;
  readingLists: ReadingListService;
  wantToRead: WantToReadService;
}

const REALM = 'Basic realm="Shelfmark", charset="UTF-8"';
/**
 * Failed sign-ins to the catalog per (client address, credential tried: a user name's passwords, or one token) before
 * that pair is refused for a while, and wrong passwords per address before its password checks are slowed (tokens
 * are never guessed, so they are never slowed).
 */
const FAILED_SIGN_INS = { attempts: 30, windowMs: 15 * 60 * 1000, addressAttempts: 150 };
const TOO_MANY = 'Too many failed sign-ins to the catalog; try again later.';

/**
 * OPDS catalogs for reading apps (KOReader, Panels, Chunky, Thorium…): OPDS 1.2 (Atom, with page streaming and
 * OpenSearch) under /opds/v1.2, OPDS 2.0 (JSON, with an authentication document) under /opds/v2, and the books'
 * files, covers and pages under /opds/books. Apps send HTTP Basic: any user name and an API token as the
 * password (a read token is enough), or the administrator's password. A thin transport: the services decide.
 */
export function opdsRoutes(services: OpdsServices, logger: Logger): Router {
  const router = Router();
  const pages = new CatalogPages(services.libraries, services.series, services.books);
  const shelves = new ShelfPages(services.collections, services.readingLists, services.wantToRead);
  const rendered = new RenderedFeeds();

  // The authentication document tells an app how to sign in, so it must be readable before signing in.
  router.get('/v2/auth', (req, res) => {
    res.type(AUTHENTICATION_TYPE).send(JSON.stringify(authenticationDocument(absoluteBase(req))));
  });
  const limiter = new SignInLimiter(FAILED_SIGN_INS);
  router.use(async (req, res, next) => {
    const client = req.ip ?? 'unknown';
    const tried = attemptedCredential(req);
    await limiter.admit(client, tried.credential, TOO_MANY, { throttle: tried.guessable });
    req.principal = await resolvePrincipal(req, services.auth, ['basic', 'bearer', 'session']);
    if (req.principal) {
      runAsViewer(req.principal.viewer, next);
      return;
    }
    // Apps first ask without credentials to learn how to sign in: only wrong credentials count.
    if (req.headers.authorization !== undefined) {
      limiter.recordFailure(client, tried.credential, { guessable: tried.guessable });
    }
    challenge(req, res);
  });

  // A route reads its parameters first (a bad one is a 400 before any validator is sent or compared), and gives
  // the document to build when it is not answered from the app's copy.
  const v1 = (kind: 'navigation' | 'acquisition' | null, route: FeedRoute) =>
    feed(services.catalogFreshness, rendered, route, async (build, base, updated) => {
      const page = await build();
      const type = (kind ?? page.kind) === 'navigation' ? ATOM_NAVIGATION : ATOM_ACQUISITION;
      return { type: `${type};charset=utf-8`, body: atomFeed(base, page, updated) };
    });
  const v2 = (route: FeedRoute) =>
    feed(services.catalogFreshness, rendered, route, async (build, base, updated) => ({
      type: `${OPDS2_TYPE};charset=utf-8`,
      // The characters XML cannot hold are dropped from JSON too: apps would show them as boxes.
      body: JSON.stringify(opds2Feed(base, await build(), updated), (_key, value: unknown) =>
        typeof value === 'string' ? xmlSafe(value) : value,
      ),
    }));

  /** The documents both versions serve, by path under the version's root. */
  const documents: [string, FeedRoute][] = [
    [
      '/libraries/:libraryId',
      (req) => {
        const [libraryId, n, filters] = [idParam(req, 'libraryId', 'Library'), pageParam(req), feedFiltersParam(req)];
        return () => pages.library(libraryId, n, filters);
      },
    ],
    [
      // With `author`, an author's feed (linked from every book's credits).
      '/series',
      (req) => {
        const [n, filters] = [pageParam(req), feedFiltersParam(req)];
        return () => pages.allSeries(n, filters);
      },
    ],
    [
      '/series/:seriesId',
      (req) => {
        const [seriesId, n] = [idParam(req, 'seriesId', 'Series'), pageParam(req)];
        return () => pages.seriesBooks(seriesId, n);
      },
    ],
    [
      '/recent',
      (req) => {
        const n = pageParam(req);
        return () => pages.recentlyAdded(n);
      },
    ],
    [
      '/continue',
      (req) => {
        const n = pageParam(req);
        return () => pages.continueReading(n);
      },
    ],
    [
      '/search',
      (req) => {
        const [q, n] = [searchParam(req), pageParam(req)];
        return () => pages.search(q, n);
      },
    ],
    // Collections, reading lists and want to read (issue 32).
    [
      '/collections',
      (req) => {
        const n = pageParam(req);
        return () => shelves.collectionList(n);
      },
    ],
    [
      '/collections/:collectionId',
      (req) => {
        const [collectionId, n] = [idParam(req, 'collectionId', 'Collection'), pageParam(req)];
        return () => shelves.collection(collectionId, n);
      },
    ],
    [
      '/reading-lists',
      (req) => {
        const n = pageParam(req);
        return () => shelves.readingListList(n);
      },
    ],
    [
      '/reading-lists/:readingListId',
      (req) => {
        const [listId, n] = [idParam(req, 'readingListId', 'Reading list'), pageParam(req)];
        return () => shelves.readingList(listId, n);
      },
    ],
    [
      '/want-to-read',
      (req) => {
        const n = pageParam(req);
        return () => shelves.wantToReadList(n);
      },
    ],
  ];

  // Every way an app may be told the address reaches the root: /opds, /opds/v1.2, /opds/v1.2/catalog.
  router.get(
    ['/', '/v1.2', '/v1.2/catalog'],
    v1('navigation', () => () => pages.root(false)),
  );
  router.get('/v1.2/opensearch.xml', (req, res) => {
    res.setHeader('Content-Type', `${OPENSEARCH_TYPE};charset=utf-8`);
    res.send(Buffer.from(openSearchDescription(linkBase(req))));
  });
  router.get(
    ['/v2', '/v2/catalog'],
    v2(() => () => pages.root(true)),
  );
  for (const [path, route] of documents) {
    router.get(`/v1.2${path}`, v1(null, route));
    router.get(`/v2${path}`, v2(route));
  }

  router.use('/books', bookMediaRoutes(services, logger));
  router.get('/series/:seriesId/cover', async (req, res, next) => {
    const file = await services.seriesCovers.image(idParam(req, 'seriesId', 'Series'));
    res.type('image/jpeg').set('Cache-Control', 'private, max-age=86400');
    res.sendFile(file, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
  router.use((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendProblem(res, problem(405, 'method-not-allowed', 'Method not allowed', 'OPDS catalogs are read with GET.'));
      return;
    }
    sendProblem(res, problem(404, 'not-found', 'Not found', `No OPDS document at ${req.baseUrl}${req.path}.`));
  });
  return router;
}

/**
 * What a sign-in to the catalog tries, as the limiter counts it: a token (Bearer, or the password of Basic as apps
 * send it) by its digest, whatever user name came with it; a password by the user name it is tried for (guessable,
 * so also slowed with the address's other wrong passwords). Only failures with an Authorization header are counted.
 */
function attemptedCredential(req: Request): { credential: string; guessable: boolean } {
  const [scheme = '', ...rest] = (req.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme.toLowerCase() === 'bearer') return { credential: tokenCredential(rest.join(' ')), guessable: false };
  const basic = basicCredentials(req);
  if (basic === null) return { credential: '', guessable: false };
  if (parseApiToken(basic.password) !== undefined) {
    return { credential: tokenCredential(basic.password), guessable: false };
  }
  return { credential: passwordCredential(basic.username), guessable: true };
}

/** A feed's parameters, read from the request, and the document they ask for, built only when it is sent. */
type FeedRoute = (req: Request) => () => Promise<CatalogPage>;

/**
 * A catalog document answered from its validators when the app already has it (304, no list query run), else
 * built and sent with them. The route reads the request's parameters before anything else: a bad one is a 400
 * with no validators, never a 304.
 */
function feed(
  freshness: CatalogFreshness,
  rendered: RenderedFeeds,
  route: FeedRoute,
  render: (build: () => Promise<CatalogPage>, base: string, updated: Date) => Promise<{ type: string; body: string }>,
): RequestHandler {
  return async (req, res) => {
    const build = route(req);
    const base = linkBase(req);
    const current = await freshness.current();
    const validators = current ? validatorsFor(current, req, base) : null;
    if (validators) {
      setValidators(res, validators.etag, validators.lastModified);
      if (isNotModified(req, validators.etag, validators.modifiedAt)) {
        res.status(304).end();
        return;
      }
    }
    let document = validators ? rendered.get(validators.etag) : undefined;
    if (!document) {
      const { type, body } = await render(build, base, current?.lastModified ?? new Date());
      document = { type, body: Buffer.from(body) };
      if (validators) rendered.set(validators.etag, type, document.body);
    }
    // Set as written: Express's res.type would respace the parameters some apps compare as text.
    res.setHeader('Content-Type', document.type);
    res.send(document.body);
  };
}

/**
 * 401 that makes apps ask for credentials: WWW-Authenticate everywhere; under /opds/v2 also a Link to the
 * authentication document, which is the body there (OPDS Authentication 1.0).
 */
function challenge(req: Request, res: Response): void {
  res.setHeader('WWW-Authenticate', REALM);
  if (req.path === '/v2' || req.path.startsWith('/v2/')) {
    const document = authenticationDocument(absoluteBase(req));
    res.setHeader('Link', `<${document.id}>; rel="${AUTHENTICATION_REL}"; type="${AUTHENTICATION_TYPE}"`);
    res.status(401).type(AUTHENTICATION_TYPE).send(JSON.stringify(document));
    return;
  }
  throw new UnauthorizedError(
    'OPDS needs HTTP Basic authentication: any user name and an API token (or the administrator password) as password.',
  );
}
