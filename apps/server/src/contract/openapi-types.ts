// Generated from openapi.yaml by tools/contract-types (npm run contract:types). Do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of the server
         * @description Public. Reports whether the database and the job backend answer. The answer is 200 with
         *     `status: degraded` when one of them does not.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether setup is needed and whether the caller is authenticated
         * @description Public. `setup_required` is true while no admin account exists (the admin app then shows the setup page).
         *     `authenticated` tells whether the request carried a valid credential.
         */
        get: operations["getAuthStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the admin account (first run)
         * @description Public, and only while no admin exists. Creates the admin account (password hashed with scrypt) and opens a
         *     session. `SHELFMARK_ADMIN_PASSWORD` in the environment creates the account at boot instead.
         */
        post: operations["setupAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in to the admin
         * @description Public. Checks the credentials and opens a session (cookie `shelfmark_session`, `Secure` when the request
         *     is HTTPS, as seen through a proxy trusted by `TRUST_PROXY`). Failed sign-ins are counted per client address
         *     and user name: 10 failures for one name within 15 minutes refuse that name from that address (429 with
         *     `Retry-After`) until the window ends. Failures across all names from one address past 50 slow its checks to
         *     one per second (a 429 when the wait would pass 10 s), so the right password for another user still signs in.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out
         * @description Ends the current session, if any, and clears the session cookie. Harmless with a token.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start signing in through the OpenID provider
         * @description Public; the admin's single sign-on button opens it. Reads the provider's
         *     `.well-known/openid-configuration` (issuer from `sign_in.oidc` or `OIDC_ISSUER`), keeps a fresh `state`,
         *     `nonce` and PKCE verifier in a short-lived cookie (`shelfmark_oidc`, HttpOnly, SameSite=Lax, 10 minutes)
         *     and redirects (302) to the provider's authorization endpoint, asking it to come back to
         *     `{PUBLIC_URL}/api/v1/auth/oidc/callback`. When single sign-on is not configured or the provider cannot be
         *     reached, redirects to the admin's sign-in page with `?sso_error=not-configured` or `unreachable` instead;
         *     signing in with a password still works.
         */
        get: operations["startOidcSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the OpenID provider sends the browser back
         * @description Public. Exchanges the code (with the PKCE verifier) and checks, through `openid-client`, the `state`, the
         *     ID token's signature, issuer, audience, expiry and `nonce`. The account is the one linked to the provider's
         *     `sub`; otherwise, when `link_by_email` is on and the provider says the e-mail is verified (`email_verified`
         *     true), the account not yet linked to the provider whose stored `email` is that whole address, whatever its
         *     case (never by user name); otherwise a new one when `create_users` is on (user name from
         *     `preferred_username`, made to fit the user-name rule, with a suffix on a clash; no password; its `email` the
         *     provider's when verified and no other account has it). A member of
         *     `admin_group` becomes an administrator, and a non-member stops being one unless they are the last.
         *     Success opens a session (the cookie `shelfmark_session`) and redirects to the admin; any failure redirects
         *     to the admin's sign-in page with `?sso_error=` one of `denied`, `invalid-response`, `unreachable`,
         *     `no-account`, `disabled`, `not-configured`. A code is used once.
         */
        get: operations["finishOidcSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign out here and at the OpenID provider
         * @description Public (it acts on the session cookie sent with it, if any). Ends the session as `POST /auth/logout` does,
         *     then redirects (303) to the provider's `end_session_endpoint` when the user signed in through a provider that
         *     offers one (coming back to the admin), or else to the admin. A GET, navigated to: a form's POST could not be
         *     redirected to the provider under the admin's `form-action 'self'` (ADR 17). A navigation from another site
         *     (`Sec-Fetch-Site: cross-site`) is only sent to the admin, still signed in.
         */
        get: operations["endOidcSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the caller is
         * @description The kind of credential used, its effective scope (the user's role narrowed by the token's scope), the user
         *     behind it (for a token, its owner; for the bootstrap token, the first administrator), that user's role and
         *     the libraries the caller may see (`null`: every library).
         */
        get: operations["getCurrentPrincipal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the caller's own preferences or password
         * @description Sets the caller's UI language and colour theme (light, dark or system), kept in the database so that a new
         *     browser of the same user gets them (the admin app also keeps each in a cookie, read before sign-in and before
         *     first paint), and changes the caller's own password: `password` (same rules as at setup) with
         *     `current_password`. A wrong current password is a 403 `wrong-password`; `password` without
         *     `current_password` is a 400. A new password ends the user's other sessions and any password remembered for
         *     OPDS Basic; the current session and the user's API tokens stay valid. A field left out keeps its value; an
         *     empty body is refused with 400. A credential with no user behind it (the bootstrap token before any user
         *     exists) is refused with 403.
         */
        patch: operations["updateCurrentUser"];
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API tokens
         * @description The caller's own tokens, newest first; with the `admin` scope, every user's tokens. Each names its owner
         *     (`user_id`, `username`). Secrets are never shown; `prefix` helps recognise a token.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create an API token
         * @description Creates a token owned by the caller's user (the bootstrap token creates it for the first administrator) and
         *     returns its secret once, in `token`; only a hash is kept. A token never has more rights than its owner: asking
         *     for the `admin` scope with a `read` credential (a reader, or an admin's `read` token) is a 403.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the API token. */
                token_id: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token
         * @description The token stops working at once. The caller may revoke their own tokens; with the `admin` scope, anyone's.
         *     Another user's token is a 404 to a caller who may not revoke it.
         */
        delete: operations["deleteToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Every user account, oldest first, with role, granted libraries and whether it is disabled.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Creates an account with a password (same rules as at setup; hashed with scrypt), a role and, for a reader,
         *     the libraries they may see (`library_ids`; empty or left out means none; a library created later is seen
         *     by admins only until granted), and an optional `email`. A user name already in use is a 409
         *     `username-taken`, an e-mail address another user has (whatever its case) a 409 `email-taken`; an unknown
         *     library id or an e-mail address of the wrong shape is a 400.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the user. */
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /** One user */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Deletes the account with its sessions, API tokens and reading progress; they stop working at once. The
         *     last enabled administrator cannot be deleted (409 `last-admin`).
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change a user's name, e-mail, role, libraries, password or state
         * @description Changes the fields given; `library_ids` replaces the granted libraries. `password` resets the password
         *     (no current password needed). Disabling a user, or resetting their password, ends at once their sessions,
         *     their API tokens' access (a reset revokes their tokens; disabling refuses them until re-enabled) and any
         *     password remembered for OPDS Basic. The last enabled administrator cannot be demoted or disabled (409
         *     `last-admin`); a user name already in use is a 409 `username-taken`, an e-mail address another user has
         *     (whatever its case) a 409 `email-taken`; `email: null` removes the address.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/libraries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List libraries
         * @description Libraries sorted by name, with their book and series counts (each library's own, whoever asks). A reader sees
         *     only the libraries granted to them, here and everywhere: a library, series, book, file, page, thumbnail or
         *     metadata link of another library is a 404, as if it did not exist, and lists and searches leave them out.
         */
        get: operations["listLibraries"];
        put?: never;
        /**
         * Create a library
         * @description `root_path` must name an existing folder under `LIBRARIES_ROOT` (in the form `GET /folders` gives). The
         *     provider ids must name loaded metadata-provider plugins, or `none`. Creating a library starts its first
         *     incremental scan at once: the 201 body carries that `scan` job as `scan_job`, to follow with
         *     `GET /jobs/{job_id}` or `GET /jobs/{job_id}/events`. The `scan_schedule` (default `every_6h`) schedules the
         *     recurring incremental scan, and a refresh mode other than `manual` the recurring metadata refresh. The library
         *     is then watched (`watch`, `auto` by default): `watch_mode` is `off` until a worker process has taken it, a
         *     moment later. A `root_path` that is an import folder (setting `import_folders`), inside one or holding one
         *     (symlinks followed) is a 400 whose error on `/body/root_path` has the code `overlap` and names the import
         *     folder in `folder`; another library's folder, inside or around it, is a 409.
         */
        post: operations["createLibrary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/libraries/{library_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        /** Get a library */
        get: operations["getLibrary"];
        put?: never;
        post?: never;
        /**
         * Delete a library
         * @description Removes the library with its series, books, reading progress, metadata links and its scan and refresh
         *     schedules. Never touches the files on disk.
         */
        delete: operations["deleteLibrary"];
        options?: never;
        head?: never;
        /**
         * Update a library
         * @description Changes only the fields given. Changing `metadata_refresh_mode` reschedules the recurring refresh, and
         *     changing `scan_schedule` the recurring scan (`manual` removes either). Changing `root_path` takes effect at
         *     the next scan. Changing `watch` (or `root_path`) makes the worker watch the library anew, then catch up with
         *     one incremental scan; `watch_mode` follows within a moment. A `root_path` overlapping an import folder is
         *     refused as on create (400, code `overlap`, the import folder in `folder`), and nothing changes.
         */
        patch: operations["updateLibrary"];
        trace?: never;
    };
    "/libraries/{library_id}/scan": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan a library
         * @description Starts a `scan` job. `incremental` (the default) does not re-read a folder whose mtime did not change (adding,
         *     removing or renaming a file changes it) and does not open a file whose size and mtime did not change; `full`
         *     re-reads every folder and re-analyses every file (use it after editing files in place). One scan at a time
         *     per library: while one is queued or running, the request answers 200 with that job instead of starting
         *     another. The body is optional.
         *
         *     A scan never empties a library by accident: when the library folder is missing or unreadable (a lost
         *     mount), or when every known file seems gone, the job fails with a message and nothing is deleted. A folder
         *     that cannot be read keeps its books. Files that cannot be read (corrupt, encrypted, unsupported, or taking
         *     longer than 120 s: timeout) become books with a parse error, listed in the job's `item_errors`. Symbolic links are not followed. Reading progress of
         *     a vanished file is kept for 30 days and given back when the file returns (same path, or same name and size
         *     elsewhere: a move).
         */
        post: operations["scanLibrary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/libraries/{library_id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        /**
         * List the series of a library
         * @description Series sorted by name; `q` is a case- and accent-insensitive partial match on the name.
         */
        get: operations["listLibrarySeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/libraries/{library_id}/series/{series_name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
                /**
                 * @description The series name, URL-encoded as one path segment. Names may contain `/` (`%2F`), `%` (`%25`), `?` (`%3F`),
                 *     `#` (`%23`), `+` (`%2B`; a literal `+` in a path is a plus sign, not a space), spaces (`%20`), accents
                 *     (UTF-8, percent-encoded) and quotes. Matched exactly against the series name.
                 */
                series_name: components["parameters"]["SeriesName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a series' metadata
         * @description Changes only the fields given. Locked fields may be edited here: a lock protects a field from
         *     synchronisation, not from the admin. `locked_fields` replaces the whole list of locks.
         */
        patch: operations["updateSeriesMetadata"];
        trace?: never;
    };
    "/libraries/{library_id}/series/{series_name}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
                /**
                 * @description The series name, URL-encoded as one path segment. Names may contain `/` (`%2F`), `%` (`%25`), `?` (`%3F`),
                 *     `#` (`%23`), `+` (`%2B`; a literal `+` in a path is a plus sign, not a space), spaces (`%20`), accents
                 *     (UTF-8, percent-encoded) and quotes. Matched exactly against the series name.
                 */
                series_name: components["parameters"]["SeriesName"];
            };
            cookie?: never;
        };
        /** Get a series' metadata */
        get: operations["getSeriesMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/naming-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview where a naming template puts books
         * @description The paths a library's `naming_template` gives three example books (a volume with a title, a chapter, a
         *     hors-série), as an import would write them; nothing is read or written. A template that cannot be used is a
         *     400 with the code `namingTemplate` on `/query/template`, as on a library's create or update. For the admin's
         *     library form.
         */
        get: operations["previewNamingTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subfolders under the libraries root
         * @description Lists the immediate subfolders of `path` (of `LIBRARIES_ROOT` itself when `path` is absent), sorted by name.
         *     Any path that would leave the root (`..`, an absolute path, a symlink pointing outside, a NUL byte, a path
         *     that is too long) is a 400 and lists nothing. A reader granted only some libraries gets an empty list: the
         *     folders name every library.
         */
        get: operations["listFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List books
         * @description Books across libraries, filtered and paged. `q` is a case- and accent-insensitive partial match on title,
         *     series and authors ("legendaires" finds "Les Légendaires"), and on genres, tags, publishers and story arcs;
         *     books matched by title, series or author come first, each group in the sort's order. Sort `series` (the default) orders by series
         *     name, then volume, then chapter, then title; `title` by title; `recently_added` newest first;
         *     `recently_read` by the time the book was last read (opened, read or marked read), newest first. A book
         *     never read, or marked unread again, has no such time and is not in the `recently_read` order: its `total`
         *     counts only books read or in progress (combine with `reading_status=read` for the books finished lately,
         *     `reading_status=reading` for those to continue). Every sort is stable (ties by book id, in the sort's
         *     direction).
         *
         *     Filters: a repeated parameter matches any of its values (`tag=war&tag=spy`), different parameters must all
         *     match; every filter matches the book's own metadata, exactly as stored (`year_from`/`year_to` the year of
         *     its `publish_date`). `GET /books/facets` counts each value.
         */
        get: operations["listBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the books of each filter value under the current filter
         * @description Takes the filters of `GET /books` (no paging, no sort) and answers, for each facet asked for, how many
         *     books have each value: what a filter screen shows beside each choice. See `Facets` for how each facet is
         *     counted. Only libraries the caller may see are counted; like the lists, an answer is reused until the
         *     catalogue changes (a scan, an edit, progress).
         */
        get: operations["listBookFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/on-deck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the next book to read in each series in progress
         * @description One book per series in progress — a series with at least one book read, at least one unread and none being
         *     read (a book being read is what to continue, so its series is not listed here as well) — the series' most
         *     recently read first (the time its books were last read; ties by series id).
         *     The book is the first unread one after the furthest book read, in the series' reading order
         *     (`GET /series/{series_id}/books`: numbered volumes, then those without a number, then hors-séries; by
         *     chapter within a volume); when nothing unread follows it, the first unread book of the series. A series
         *     read to the end, and a series not started, are not listed. Paged like `GET /books`.
         */
        get: operations["listOnDeckBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        /** Get a book's details */
        get: operations["getBook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a book's metadata
         * @description Changes only the fields given; `null` clears a nullable field. The ISBN checksum is verified (400 when
         *     wrong). Numbers (`volume`, `volume_end`, `chapter`, `chapter_end`) are finite and not negative, and a range
         *     ends at or after its start, the stored start counting when only the end is given (400 otherwise; nothing is
         *     changed). Locked fields may be edited here: a lock protects a field from scans, the re-reading of file names
         *     and synchronisation, not from the admin. `locked_fields` replaces the whole list of locks.
         */
        patch: operations["updateBook"];
        trace?: never;
    };
    "/books/{book_id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        /**
         * Download a book's file
         * @description The file as stored, with the content type of its format and a `Content-Disposition` attachment file name.
         *     Supports single byte ranges (`Range: bytes=…`): 206 with `Content-Range`, or 416 when the range cannot be
         *     satisfied.
         */
        get: operations["downloadBookFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        /**
         * List a book's pages with their sizes
         * @description Every page of a CBZ, CBR, CB7, CBT or PDF book in reading order, with its media type and its size in pixels,
         *     so a reader can lay out double-page spreads before loading the images (a page wider than it is tall is a
         *     spread and stands alone). Sizes come from each image's header, never from decoding it; a PDF page's from
         *     its page box (in points, at 72 dpi, rotation applied) and its media type is the PNG the page route renders.
         *     An entry of a solid RAR or 7z is only measured once the page route has read it (decompressing a solid
         *     archive up to its last page just to measure it would cost as much as reading the book): until then its
         *     `width` and `height` are null, and a reader treats that page as a single page. The list is computed on the
         *     first request and kept in the database until the book's file changes. EPUB books have no pages: 400.
         */
        get: operations["getBookPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}/pages/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
                /** @description 1-based page number. */
                page: number;
            };
            cookie?: never;
        };
        /**
         * Get an image of one page
         * @description The image of a page of a CBZ, CBR or PDF book, in its own format for archives (rendered for PDF). `width`
         *     downscales (never upscales) keeping the aspect ratio. EPUB books have no pages: 400. A page past the end:
         *     404. 501 when this installation cannot render PDF pages.
         */
        get: operations["getBookPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        /**
         * Get a book's cover thumbnail
         * @description The thumbnail made by the scan, generated on demand when missing; 404 when the book has no cover.
         */
        get: operations["getBookThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/books/{book_id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Set a book's reading progress
         * @description The caller's own progress: each user has theirs, and every client (this API, the admin's reader, OPDS-PSE
         *     page streaming, KOReader sync) writes and reads the same record. `reading` needs `current_page` within the
         *     book's pages, or a `position` for a reflowable book (EPUB) (400 otherwise). `read` sets the page to the last page. `unread` clears the page. Allowed with
         *     a `read` token. A caller that is no user (the bootstrap token while no user exists) has no progress: 409
         *     `no-reader`.
         */
        put: operations["setBookProgress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List series across libraries
         * @description Series of every library, sorted by `sort` (by name by default); each item carries its `library_id`. `q`
         *     matches the name, and (case and accents ignored too) the series' authors, genres, tags and publishers and
         *     its books' story arcs; series matched by name come first, each group in the sort's order.
         *     `series_status` matches the stored status exactly (a normalised status, or a raw one when unmapped: see
         *     `GET /series/statuses`). `has_missing=true` keeps series whose missing count is above 0.
         *
         *     Filters: a repeated parameter matches any of its values (`genre=Action&genre=Aventure`), different
         *     parameters must all match (`genre=Action&language=fr`). `genre`, `publisher`, `tag`, `author` (with
         *     `author_role`), `language` and `age_max`/`unrated` match the series' own metadata, spelt exactly as stored
         *     (the admin's chips on a series page link to these lists); `comic_format` and `story_arc` match series with
         *     a book that has them; `year_from`/`year_to` its `start_year`. `GET /series/facets` counts each value.
         *
         *     Sorts (`_asc` or `_desc`, every one stable):
         *     - `name`: the series name, case and accents folded, then the library, then the exact name.
         *     - `added`: when a scan first found the series (its `created_at`).
         *     - `updated`: when the series last changed: a scan added, changed or removed one of its books, or its
         *       metadata was edited or synchronised. Reading progress does not count.
         *     - `year`: the year the series started (`start_year`, from its metadata or its books' file names); series
         *       without a year come after the others in both directions, by name.
         *
         *     Ties break by name then library, in the sort's direction: a `_desc` order is its `_asc` order reversed
         *     (the series without a year aside).
         */
        get: operations["listSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the series of each filter value under the current filter
         * @description Takes the filters of `GET /series` (no paging, no sort) and answers, for each facet asked for, how many
         *     series have each value: what a filter screen shows beside each choice. See `Facets` for how each facet is
         *     counted. Only libraries the caller may see are counted; like the lists, an answer is reused until the
         *     catalogue changes (a scan, an edit, progress).
         */
        get: operations["listSeriesFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List series statuses usable as filters
         * @description The statuses present on series plus every non-null mapped status of the status-mapping table, distinct and
         *     sorted. Works when some mappings are null (they are skipped).
         */
        get: operations["listSeriesStatuses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/mark-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark every book of a series read or unread
         * @description Sets every book of the series to `read` (last page) or `unread` in one transaction and returns how many
         *     books changed, in the caller's own progress. Idempotent: a second call changes 0. Allowed with a `read`
         *     token. A caller that is no user (the bootstrap token while no user exists) has no progress: 409 `no-reader`.
         */
        post: operations["markSeriesRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /**
         * Get a series by id
         * @description The series as lists show it (counts, reading status, cover) with its full metadata: the `id` of any
         *     `SeriesItem`, `Book.series_id` or `MetadataLink.series_id` addresses it. The same series as
         *     `GET /libraries/{library_id}/series/{series_name}/metadata`, by id.
         */
        get: operations["getSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a series' metadata by id
         * @description The same edit as `PATCH /libraries/{library_id}/series/{series_name}`, by id: changes only the fields given,
         *     locked fields included (a lock protects a field from synchronisation, not from the admin); `locked_fields`
         *     replaces the whole list of locks. Answers the series as `GET /series/{series_id}` does.
         */
        patch: operations["updateSeries"];
        trace?: never;
    };
    "/series/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or remove labels on several series
         * @description The selection bar's bulk edit: puts each of `add` on every series named and takes each of `remove` off,
         *     in one transaction (a label is made the first time it is put on a series; a name both added and removed
         *     is a 400). Answers how many series exist among those named. A reader whose restrictions name these labels
         *     sees the change at once, in every transport.
         */
        post: operations["editSeriesLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /** The labels of a series */
        get: operations["getSeriesLabels"];
        /**
         * Replace the labels of a series
         * @description The series edit dialog's labels: the series carries exactly these afterwards (a label is made the first time
         *     it is put on a series; one no series carries any more is kept, as users' restrictions may name it).
         */
        put: operations["setSeriesLabels"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the labels
         * @description Every label, by name, with how many series carry it (not paged; they are few).
         */
        get: operations["listLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/books": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /**
         * List the books of a series
         * @description The series' books in volume order (numbered volumes, then those without a number, then hors-séries; within
         *     a volume, and among books without one, by chapter; ties by title), paged like `GET /books`.
         */
        get: operations["listSeriesBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /**
         * List the metadata links of a series by id
         * @description The series' links of every status, most recently updated first: `GET /metadata/links` by series id.
         */
        get: operations["listSeriesLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/reader-settings": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /**
         * Get the caller's reader settings for a series
         * @description How the caller reads this series: the reading direction in effect and where it comes from (the caller's own
         *     choice, else the series' `reading_direction`, else its library's `default_reading_direction`), and the
         *     caller's own layout, fit and background (null when the caller never chose: the reader's defaults apply).
         *     Each user has their own; a caller that is no user (the bootstrap token while no user exists) gets the
         *     series' and library's values with no own choice.
         */
        get: operations["getSeriesReaderSettings"];
        /**
         * Set the caller's reader settings for a series
         * @description Changes the fields given of the caller's own settings for the series (null clears a choice); the others keep
         *     their value. Answers as `GET /series/{series_id}/reader-settings`. Allowed with a `read` token. It never
         *     changes the series itself: an administrator saves a direction for everyone with `PATCH /series/{series_id}`.
         *     A caller that is no user: 409 `no-reader`.
         */
        put: operations["setSeriesReaderSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/cover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Choose a series' cover among its books
         * @description The series' cover becomes its first book's (`first_book`, the default) or the cover of one of its books
         *     (`book`, with `book_id`). An uploaded image (`PUT /series/{series_id}/cover/image`) is discarded. The choice
         *     is the series', not the scan's: rescans keep it; when the chosen book leaves the series, the first book's
         *     cover shows until the admin chooses again. Answers the series as `GET /series/{series_id}` does.
         */
        put: operations["chooseSeriesCover"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{series_id}/cover/image": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        /**
         * Get a series' uploaded cover
         * @description The thumbnail made from the image an administrator uploaded (JPEG inside 300×400, like a book's thumbnail);
         *     404 when the series has none. `SeriesItem.cover_url` names it with `v`, which changes with every upload, so
         *     a new image is fetched at once and an old address may be cached for long.
         */
        get: operations["getSeriesCoverImage"];
        /**
         * Upload a series' cover
         * @description Makes an uploaded image the series' cover: one part named `image`, a JPEG, PNG or WebP of at most 20 MiB and
         *     50 million pixels. The type is read from the content, never from the part's name or type; the image is
         *     decoded and encoded again (JPEG inside 300×400, without its metadata), and only that copy is ever served.
         *     The upload streams to a staging folder under `DATA_DIR` and is removed there once read, refused or cut off.
         *     The image replaces any earlier upload and survives rescans; `PUT /series/{series_id}/cover` goes back to a
         *     book's cover. Answers the series as `GET /series/{series_id}` does. The only REST call the admin makes:
         *     tRPC carries no files (ADR 18).
         *     Too large a file or image: 413 `payload-too-large`; not a JPEG, PNG or WebP, or not decodable: 415
         *     `unsupported-media-type`; no `image` part: 400.
         */
        put: operations["uploadSeriesCover"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/covers/remote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a metadata provider's cover through the server
         * @description A cover a metadata provider links to (a match candidate's `cover_url`, a series' `cover_url` when it is the
         *     provider's cover), fetched by the server and re-encoded as a JPEG at most 600 px wide, so that the admin's
         *     pages load images from their own origin only and a provider never sees who browses. The server answers only
         *     the addresses it wrote itself: `u` and `s` come from a `cover_url` it sent (the signature is the server's,
         *     over `u`); any other pair is a 404 and nothing is fetched. The image is kept in the data directory, so a
         *     second request does not reach the provider. 404 too when the provider's answer is not an image (or is too
         *     large, or too slow); nothing of it is passed on.
         */
        get: operations["getRemoteCover"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search a provider for a series
         * @description Asks the library's metadata provider (or `provider` when given) for candidates matching the series, each
         *     with a confidence 0–100 computed by the server: 100 only when the provider's title equals the series name
         *     after normalisation (case, accents, punctuation, leading or trailing articles such as "Les", "(Les)",
         *     "The") and, when both sides know a volume count, the counts agree. Sorted by confidence, best first.
         */
        post: operations["searchMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a series to a provider record, awaiting approval
         * @description Creates the link of the series to `provider`/`external_id` with status `pending`, or replaces the series'
         *     existing link to that provider (status back to `pending`, `approved_at` and `synced_at` cleared). Give the
         *     `candidate` object returned by `POST /metadata/search` so that approval syncs what the admin saw; without
         *     it the server fetches the record from the provider.
         */
        post: operations["matchMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/approve/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a link and synchronise
         * @description Approves the link, rejects the series' other approved links, then syncs the series and its books (provider
         *     volumes matched to local books by volume number, then by title). Sync never writes a locked field (it is
         *     listed under `skipped` whenever the provider offered a value) and never clears a field. Returns the link
         *     and the sync report.
         */
        post: operations["approveMetadataLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/reject/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a link
         * @description Sets the link's status to `rejected`. Metadata already synced stays as it is.
         */
        post: operations["rejectMetadataLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the links of a series or of a library
         * @description With `series_name`: the series' links, most recently updated first. Without it: the links of every series
         *     of the library (a review queue with `status=pending`), highest confidence first (unknown last), then by
         *     series name, at most `limit` of them. `status` keeps the links of one status either way.
         */
        get: operations["listMetadataLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/links/{link_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        /**
         * What approving a link would change
         * @description The series' fields side by side with the provider's record the link holds (the one approval applies; read
         *     from the provider when the link holds none): the current value, the provider's, whether the field is
         *     locked (approval leaves it as it is) and whether approval would change it. Writes nothing. The provider
         *     status is shown as the series would store it (mapped through the status mappings, or its raw words).
         */
        get: operations["previewMetadataLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/links/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a link
         * @description Removes the link and the provider volume records stored for it. Synced metadata stays.
         */
        delete: operations["deleteMetadataLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/missing/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        /**
         * Missing volumes of a linked series
         * @description The provider volumes that match no local book, ordered by volume number (unknown last), and the counts:
         *     `expected` is the series' `total_volumes` when set, else the provider's volume count; `owned` is the number
         *     of volumes of the series' numbered run held locally; `missing` is max(0, expected − owned).
         */
        get: operations["getMissingVolumes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match every series of a library automatically
         * @description Starts a `metadata_batch` job over every series of the library, or over `series_ids` only (a selection in
         *     the admin's series grid; each must be a series of that library, or the request is a 400 and nothing
         *     starts). Per series: a series already linked is skipped; the primary provider is
         *     searched, then the fallback when the primary returns nothing or fails (unless it is `none`); the match is
         *     applied (approved and synced) only when there is exactly one candidate and its confidence is 100;
         *     otherwise the reason is recorded. A library whose provider is `none` is a 400. While a batch of the library
         *     is queued or running, the request answers 200 with that job.
         */
        post: operations["startMetadataBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/batch/{job_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Report of a metadata batch
         * @description Counts per outcome, totals and duration. 404 when the job does not exist or is not a `metadata_batch`.
         */
        get: operations["getMetadataBatchReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/batch/{job_id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Per-series results of a metadata batch
         * @description One row per series handled, ordered by outcome (auto_matched, low_confidence, too_many_results, no_results,
         *     error, skipped, already_linked) then series name. 404 when the job does not exist or is not a `metadata_batch`.
         */
        get: operations["listMetadataBatchResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh the metadata of a library now
         * @description Starts a `metadata_refresh` job: every approved link of the library is re-read from its provider and the
         *     same sync rules as approval apply (locked fields skipped, nothing cleared). The scheduled refresh of
         *     `metadata_refresh_mode` runs the same job. While a refresh of the library is queued or running, the request
         *     answers 200 with that job. 400 when the library has no approved link to refresh.
         */
        post: operations["startMetadataRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/refresh/{job_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Report of a metadata refresh
         * @description What changed per series. 404 when the job does not exist or is not a `metadata_refresh`.
         */
        get: operations["getMetadataRefreshReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/status-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List status mappings
         * @description Every known raw provider status, mapped or not (unmapped ones have `mapped_status` null), sorted.
         */
        get: operations["listStatusMappings"];
        put?: never;
        /**
         * Create or change a status mapping
         * @description Upserts by `provider_status` (lowercased and trimmed before storage). Series whose raw status is this one
         *     are re-normalised.
         */
        post: operations["upsertStatusMapping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/status-mappings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the status mapping. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unmap a provider status
         * @description Sets `mapped_status` to null and keeps the row, so the provider status stays listed. Series with this raw
         *     status get the raw lowercased value as their status.
         */
        delete: operations["unmapStatusMapping"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wanted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the wanted (missing) volumes
         * @description Every missing volume of the series the caller may see, by series (name order) then volume. A series with an
         *     approved metadata link that lists numbered volumes misses the ones no local book holds; a series without one
         *     misses those of 1..`total_volumes` (at most 1000) no local book holds; a series with neither misses none.
         *     Omnibus ranges count for each volume they cover; hors-séries and chapters do not. `status` is `grabbed` while
         *     the volume's latest grab is, `imported` once its file came in, else `missing` (never grabbed, or the grab
         *     failed or expired); `last_grab` is that grab. `library_id`, `series_id` and `series_status` keep the volumes
         *     of those series; `status` those with that status. A library or series the caller may not see finds nothing.
         */
        get: operations["listWanted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search releases of a series
         * @description Searches the configured release indexer: by series (query `"<series name>"`), for one volume (`volume`:
         *     `"<series name>" <volume>`), or once per missing volume (`missing: true`), merged and de-duplicated by
         *     `guid`. Giving both `volume` and `missing: true` is a 400. Each release lists the volumes its title covers
         *     (ranges included) and the missing volumes it would fill; `queries` lists the queries sent. 400 when the
         *     release indexer is not configured (the message says what to set); 501 when no release-indexer plugin is
         *     loaded.
         */
        post: operations["searchReleases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search releases for wanted volumes (a job)
         * @description Starts a `release_search` job: one query `"<series name>" <volume>` per volume, of `volumes` (each must be
         *     a volume of `GET /wanted`, or the request is a 400 and nothing starts), or of every wanted volume that is
         *     not grabbed nor imported (of `library_id` when given). Searches are spaced by
         *     `RELEASE_SEARCH_INTERVAL_SECONDS` on top of the plugin's own rate limit. Each volume's search replaces its
         *     previous one: its best candidates (at most 5: the title naming the series and this volume alone first, then
         *     the provider language in the title and a plausible size as hints, then seeders) are kept with the time of
         *     the search (`GET /releases/candidates`). A volume whose search failed is an item error of the job, with its
         *     failure kind; a refused key or a missing setting fails the job. It spans libraries: its `library_id` is
         *     null. Cancel and resume like the other jobs.
         */
        post: operations["startReleaseSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stored candidates of wanted volumes
         * @description The best releases the last `release_search` found for each volume of the series (or for `volume` only),
         *     by volume then rank, with the time of that search. Grab one with `POST /releases/grab` and its `id`.
         */
        get: operations["listReleaseCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/grab": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grab a stored candidate
         * @description Hands the candidate (an `id` of `GET /releases/candidates`, never a link) to the download client of the
         *     release indexer, through its plugin: Prowlarr sends it to the download client it is set up with, and
         *     searches again first when the search is older than its cache. The grab is recorded and answered with a 201
         *     either way: `status` is `grabbed`, or `failed` with `failure` (the kind of failure, which a client says in
         *     its own words) and `message` (the plugin's words, in English). 404 for an unknown candidate; 400 when the
         *     release indexer is not configured, 409 when its plugin cannot grab, 501 when none is loaded (nothing is
         *     recorded then).
         */
        post: operations["grabRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the import queue
         * @description Files waiting for an admin, oldest first: those no exact match placed by themselves, and those whose placing
         *     failed (`error` says why: a duplicate of an owned volume, a read-only or full library…). Each has up to five
         *     `suggestions`, the surest first.
         */
        get: operations["listImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{import_id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a queue entry (`ImportEntry.id`). */
                import_id: components["parameters"]["ImportId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a queued file into a series
         * @description Places the file as volume `volume` of the series, by its library's naming template and import mode. A
         *     volume the series already has is never overwritten: 409 unless `replace` is true (an upgrade: the file takes
         *     the old file's name, so the book keeps its id, progress and locks). 409 too when the library is not open to
         *     imports, or is read-only or full: the reason is recorded on the entry, which stays queued, and nothing is
         *     left half-written. 404 for an unknown entry or series.
         */
        post: operations["importQueuedFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{import_id}/ignore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a queue entry (`ImportEntry.id`). */
                import_id: components["parameters"]["ImportId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ignore a queued file
         * @description Takes the file out of the queue; the file itself is left where it is (an import folder's file is not
         *     offered again). 409 when the entry is no longer queued.
         */
        post: operations["ignoreImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the imports made
         * @description Every import, newest first, with where the file came from and went, how, when and by whom.
         */
        get: operations["listImportHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/history/{record_id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a history row (`ImportRecord.id`). */
                record_id: components["parameters"]["ImportRecordId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo an import
         * @description A moved file goes back where it came from; a copied or hard-linked one is removed from the library (its
         *     source is still there). Only while the placed file is as the import left it (same size and modification
         *     time), and never for an upgrade (the replaced file is gone): 409 then, and nothing changes. The entry returns
         *     to the queue and the library's folder is scanned again.
         */
        post: operations["undoImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/grabs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the grabs
         * @description The grabs, newest first. A grab still `grabbed` after `GRAB_EXPIRY_HOURS` is `expired`: its volume is
         *     wanted again.
         */
        get: operations["listReleaseGrabs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/releases/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the release-indexer connection
         * @description Checks the configured `url` and `api_key`. A failed check is still a 200, with `ok: false`, a `failure`
         *     that tells a bad key (`refused_key`), an unreachable host (`unreachable`) and a wrong URL (`wrong_url`)
         *     apart, and a message that says the same in English. 400 when the release indexer is not
         *     configured; 501 when no release-indexer plugin is loaded.
         */
        post: operations["testReleaseIndexer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the settings
         * @description Secrets are never returned; `api_key_set` and `secrets_set` tell which are set.
         */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the settings
         * @description Changes only the settings given. Secrets are write-only: give a value to set one, `null` to remove it, omit
         *     it to keep it. Plugin values are checked against the plugin's settings schema (`GET /plugins`); an unknown
         *     plugin id or key is a 400. An import folder that overlaps a library's folder or another import folder
         *     (`import_folders`) is a 400 with the code `overlap` on `/body/import_folders/<index>`, the other folder in
         *     `folder`; nothing changes. The import folders taken out of the list are forgotten at once (their leases
         *     with them).
         */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the backups
         * @description The backups of the SQLite database in `DATA_DIR/backups`, newest first, each downloadable by its name
         *     (`GET /backups/{name}`). A backup still being written is not listed. On PostgreSQL the list is empty:
         *     Shelfmark does not back PostgreSQL up (use `pg_dump`).
         */
        get: operations["listBackups"];
        put?: never;
        /**
         * Back the database up now
         * @description Starts a `backup` job: an online backup of the SQLite database (SQLite's backup API, consistent while the
         *     server keeps writing) into `DATA_DIR/backups/shelfmark-<UTC time>.sqlite`, then deletes the oldest backups
         *     beyond `backup_keep`. While a backup is queued or running, the request answers 200 with that job. The
         *     `backup_schedule` setting runs the same job. To restore: stop Shelfmark, copy the backup over the database
         *     file (and delete its `-wal` and `-shm` files), start Shelfmark. On PostgreSQL this is a 409: back it up with
         *     `pg_dump`.
         */
        post: operations["startBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backups/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A backup's name as the list gives it, e.g. `shelfmark-2026-11-25T03-00-00.123Z.sqlite`. Never a path: a name
                 *     of another shape (a folder, `..`, a backup still being written) is a 400, a name the list does not give a 404.
                 */
                name: string;
            };
            cookie?: never;
        };
        /**
         * Download a backup
         * @description The backup's file, streamed, as an attachment under its own name, so that a backup can be kept off the
         *     machine. Only the backups the list gives can be downloaded; on PostgreSQL there are none (404). The file is a
         *     SQLite database holding everything Shelfmark stores, users' password digests included: keep it as safe as the
         *     server.
         */
        get: operations["downloadBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs
         * @description Jobs, newest first. A reader granted only some libraries sees no jobs (an empty list here, 404 for a job,
         *     its events and its reports): jobs span libraries and name their folders.
         */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Get a job
         * @description The job with its parameters and its first 100 per-item errors.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job
         * @description Cooperative: sets `cancel_requested`; a queued job is cancelled at once, a running one stops at its next
         *     check and ends `cancelled`. 409 when the job has already finished.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Follow a job's progress (Server-Sent Events)
         * @description A `text/event-stream` that sends the job until it ends:
         *
         *     - `event: progress` whenever its status or progress changes, `data:` the `Job` as JSON;
         *     - `event: end` once when it has finished (`succeeded`, `completed_with_errors`, `failed` or `cancelled`), `data:` the final `Job`
         *       as JSON; the server then closes the stream.
         *
         *     - `event: error` when the job is deleted while followed, `data:` a 404 `Problem` as JSON; the stream closes.
         *
         *     Every `progress` and `end` carries an `id:` that grows with the job's progress (see `JobEvent`). The first
         *     event is sent at once with the current state (an `end` alone when the job has already finished). A client
         *     that reconnects with `Last-Event-ID` (as `EventSource` does) is not sent the state that id names again, but
         *     is sent every later change and always the `end`; when that id is the `end`'s own, the answer is a 204, on
         *     which `EventSource` stops reconnecting. Comment lines (`: keep-alive`) are sent about every 15 seconds while
         *     nothing changes.
         */
        get: operations["streamJobEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plugins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plugins
         * @description Every plugin named in the configuration, loaded or not: its kind, capabilities, settings schema, whether it
         *     is configured, and its last error (a plugin that failed to load is listed as `failed`). The settings' labels
         *     and help are in the caller's language (`Accept-Language`, the admin sends its page's language), English
         *     when the plugin does not give that language.
         */
        get: operations["listPlugins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List collections
         * @description Collections by name (case and accents folded). A reader sees a collection when at least one of its series is
         *     in a library granted to them, and its `series_count` and cover count only those series. `series_id` keeps
         *     the collections holding that series (a series page lists them).
         */
        get: operations["listCollections"];
        put?: never;
        /**
         * Create a collection
         * @description A collection of series, possibly from several libraries, in the order of `series_ids` when `ordered`.
         *     A series id that names nothing is a 404 and nothing is created.
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections/{collection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /**
         * Get a collection
         * @description The collection with the ids of its series the caller may see, in its order (by name when unordered). A
         *     collection none of whose series the caller may see is a 404.
         */
        get: operations["getCollection"];
        put?: never;
        post?: never;
        /**
         * Delete a collection
         * @description Removes the collection; its series stay.
         */
        delete: operations["deleteCollection"];
        options?: never;
        head?: never;
        /**
         * Edit a collection
         * @description Renames, changes the summary or the ordering, and with `series_ids` replaces its series and their order (add,
         *     remove and reorder are all this one edit). Changes only the fields given.
         */
        patch: operations["updateCollection"];
        trace?: never;
    };
    "/collections/{collection_id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        /**
         * List the series of a collection
         * @description The collection's series the caller may see, in its order (by name when unordered), each with the caller's
         *     counts, paged like `GET /series`.
         */
        get: operations["listCollectionSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reading lists
         * @description The caller's own lists and the lists shared with everyone, by name. Nobody, admins included, sees another
         *     user's private list. Counts and covers are the caller's: only books of libraries they may see.
         */
        get: operations["listReadingLists"];
        put?: never;
        /**
         * Create a reading list
         * @description A list of books in the order of `book_ids`, owned by the caller and private. A book id the caller cannot see
         *     is a 404 and nothing is created. The caller must be a user (the bootstrap token before the first user is a
         *     409).
         */
        post: operations["createReadingList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a ComicRack reading list (.cbl)
         * @description Makes a reading list of the caller's from a ComicRack `.cbl` uploaded as the `file` part of a
         *     `multipart/form-data` request (at most 20 MiB: a 5,000-entry list is about 1 MB). The upload streams to a
         *     staging folder under `DATA_DIR` and is removed once read, refused or cut off (ADR 18). The list takes the
         *     file's `Name`, and each `Books/Book` is matched to a book the caller may see by series name (accents, case and
         *     articles ignored), `Number` (a volume, or a chapter), then `Volume` (the series' start year or volume) and
         *     `Year`. The matched books join the list in the file's order; the answer's `import_report` counts the entries
         *     `matched`, `ambiguous` (several books fit: they are given) and `missing` (none fits, or the number is not a
         *     plain number such as `1.MU`), and lists each. The report is kept with the list
         *     (`GET /reading-lists/{reading_list_id}/import-report`), so that "Match again" completes it after a scan.
         *     A file that is not well-formed XML, not a reading list, or declares a document type (an entity expansion
         *     bomb) is a 400; a file over the limit a 413; neither creates anything. Files go over REST only (ADR 18): this
         *     operation has no tRPC twin.
         */
        post: operations["importReadingList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/import-report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        /**
         * Get the import report of a reading list
         * @description The report kept with a list imported from a `.cbl`: each entry of the file in its order, `matched` (to
         *     `book_id`), `ambiguous` (its `candidates`) or `missing`. A book deleted since is reported `missing` again; a
         *     book of a library the caller may no longer see is not shown (the entry reads `missing` to them). Only the
         *     list's owner reads its report (403 to others who see a shared list); a list not imported from a file, or
         *     another user's private list, is a 404.
         */
        get: operations["getReadingListImportReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/import-report/match": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match the missing and ambiguous entries again ("Match again")
         * @description Matches the report's `missing` and `ambiguous` entries again against the books the caller may see now (a scan
         *     may have brought the missing ones in), as the import does. Each newly matched book joins the list after the
         *     book of the nearest earlier matched entry (or first), so the file's order holds and the owner's own reordering
         *     is kept; a book already in the list is not added twice. Entries matched before are left as they are. Answers
         *     the report. Only the list's owner (403 to others); a list without a report is a 404.
         */
        post: operations["matchReadingListImportAgain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/import-report/entries/{entry_index}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
                /** @description The entry's `index` in the report (its place in the file, from 0). */
                entry_index: number;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the book of an ambiguous entry
         * @description Settles an `ambiguous` entry with one of its `candidates`: the entry becomes `matched` and the book joins the
         *     list where the file places it (after the book of the nearest earlier matched entry). A book that is not one
         *     of the entry's candidates, or an entry that is not ambiguous, is a 400 and nothing changes. Answers the
         *     report. Only the list's owner (403 to others); an unknown entry or a list without a report is a 404.
         */
        put: operations["chooseReadingListImportCandidate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        /**
         * Get a reading list
         * @description The list with the ids of its books the caller may see, in order, how many of them the caller has read and
         *     the first one not read (`continue_book_id`, "Continue"). Another user's private list is a 404.
         */
        get: operations["getReadingList"];
        put?: never;
        post?: never;
        /**
         * Delete a reading list
         * @description Only its owner deletes a list, or an admin a shared one; its books stay.
         */
        delete: operations["deleteReadingList"];
        options?: never;
        head?: never;
        /**
         * Edit a reading list
         * @description Renames, changes the summary, and with `book_ids` replaces its books and their order (add, remove and
         *     reorder). Only the list's owner edits it (a shared list is a 403 to the others); books of libraries the
         *     caller cannot see stay in the list, after the ones given.
         */
        patch: operations["updateReadingList"];
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/sharing": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Share or unshare a reading list
         * @description Shares a list with everyone or makes it private again (the owner's alone). Admins only; an admin sees only
         *     their own lists and shared ones, so another user's private list is a 404 here too.
         */
        put: operations["shareReadingList"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/books": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        /**
         * List the books of a reading list
         * @description The list's books the caller may see, in the list's order, each with the caller's progress, paged like
         *     `GET /books`.
         */
        get: operations["listReadingListBooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reading-lists/{reading_list_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        /**
         * Export a reading list as a ComicRack .cbl
         * @description The list's books the caller may see, in order, as a ComicRack reading list (`Series`, `Number`: the volume, or
         *     the chapter, and `Year`), which `POST /reading-lists/import` and ComicRack read back. Sent as an attachment
         *     named after the list.
         */
        get: operations["exportReadingList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/want-to-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's want-to-read series
         * @description The series the caller wants to read, the most recently added first, with the caller's counts.
         */
        get: operations["listWantToRead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/want-to-read/{series_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Add a series to the caller's want-to-read
         * @description Idempotent. A series the caller cannot see is a 404.
         */
        put: operations["addWantToRead"];
        post?: never;
        /**
         * Remove a series from the caller's want-to-read
         * @description Idempotent. A series the caller cannot see is a 404.
         */
        delete: operations["removeWantToRead"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List saved filters
         * @description The caller's own saved filters and the ones an admin shared with everyone, by name (`target` keeps those of
         *     one list). A saved filter holds a list's parameters, never its results: applying it is asking that list
         *     (`GET /series` or `GET /books`) with them, so it shows only what the caller may see.
         */
        get: operations["listSavedFilters"];
        put?: never;
        /**
         * Save a filter
         * @description Saves a filter and sort of a list under a name, owned by the caller. `filter` is checked against the list
         *     operation's own query parameters (`GET /series` for `series`, `GET /books` for `books`): an unknown name or a
         *     value that operation would refuse is a 400 and nothing is saved. Names are unique per owner and list, case
         *     and accents folded (another is a 409). Only an admin may share one (`shared: true` from a reader is a 403).
         *     The caller must be a user (the bootstrap token before the first user is a 409).
         */
        post: operations["createSavedFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-filters/{saved_filter_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the saved filter. */
                saved_filter_id: components["parameters"]["SavedFilterId"];
            };
            cookie?: never;
        };
        /**
         * Get a saved filter
         * @description One of the caller's saved filters or a shared one; another user's private filter is a 404.
         */
        get: operations["getSavedFilter"];
        put?: never;
        post?: never;
        /**
         * Delete a saved filter
         * @description Its owner deletes it, and an admin a shared one (a reader gets a 403 for a shared one).
         */
        delete: operations["deleteSavedFilter"];
        options?: never;
        head?: never;
        /**
         * Edit a saved filter
         * @description Renames it, replaces its filter or sort, or (admins only) shares or unshares it. Its owner edits it, and an
         *     admin a shared one; a shared filter is a 403 to a reader, another user's private filter a 404. `filter` and
         *     `sort` are checked as when saving; a 400 or 409 changes nothing.
         */
        patch: operations["updateSavedFilter"];
        trace?: never;
    };
    "/imports/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a book file to import
         * @description Brings one book into a library from the browser: one part named `file`, a CBZ, CBR, CB7, PDF or EPUB. The
         *     upload streams to a staging folder under `DATA_DIR` (ADR 18); its format is read from its content (the
         *     indexer's signature detection, an EPUB told from a comic by its `mimetype` entry), never from the part's
         *     name or type, and the file takes the extension of what it is. It is then handed to the import pipeline
         *     (issue 37): with `series_id` it is imported into that series; otherwise it is matched as a file arriving in
         *     an import folder would be, imported when the match is exact and queued for an admin (`GET /imports`) when it
         *     is not. The part's file name is only a hint for the match and never becomes a path.
         *     The limit is `BOOK_UPLOAD_MAX_MB` (2 GiB by default; `x-shelfmark-upload-limit` here is that default).
         *     A file cut off, refused or failed leaves nothing in the staging folder. No `file` part, or a `series_id` and
         *     a `library_id` that disagree: 400; an unknown series or library: 404; over the limit: 413 `payload-too-large`;
         *     not one of the five formats: 415 `unsupported-media-type`. Files go over REST only (ADR 18): this operation
         *     has no tRPC twin.
         */
        post: operations["uploadBookFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description What became of an uploaded book file. */
        BookUpload: {
            /**
             * @description `imported`: the file is in its series' folder, and a scan of that folder is under way (the book is listed
             *     once it is done); `queued`: it waits in the import queue for an admin.
             * @enum {string}
             */
            outcome: "imported" | "queued";
            /**
             * @description The format read from the file's content.
             * @enum {string}
             */
            format: "cbz" | "cbr" | "cb7" | "pdf" | "epub";
            /**
             * Format: uuid
             * @description The file's entry in the import history and queue.
             */
            import_id: string;
            /**
             * Format: uuid
             * @description The series the file was imported into; null when queued.
             */
            series_id: string | null;
        };
        /** @description An error, as RFC 9457 problem details. */
        Problem: {
            /**
             * Format: uri-reference
             * @description Identifies the kind of problem: `urn:shelfmark:problem:<kind>`, one of this list. A client shows its own
             *     sentence for each kind (in its own language) and `detail` for the specifics.
             * @enum {string}
             */
            type: "urn:shelfmark:problem:validation" | "urn:shelfmark:problem:invalid-path" | "urn:shelfmark:problem:bad-request" | "urn:shelfmark:problem:unauthorized" | "urn:shelfmark:problem:forbidden" | "urn:shelfmark:problem:not-found" | "urn:shelfmark:problem:file-unavailable" | "urn:shelfmark:problem:method-not-allowed" | "urn:shelfmark:problem:request-timeout" | "urn:shelfmark:problem:conflict" | "urn:shelfmark:problem:no-reader" | "urn:shelfmark:problem:scan-refused" | "urn:shelfmark:problem:last-admin" | "urn:shelfmark:problem:username-taken" | "urn:shelfmark:problem:email-taken" | "urn:shelfmark:problem:wrong-password" | "urn:shelfmark:problem:payload-too-large" | "urn:shelfmark:problem:unsupported-media-type" | "urn:shelfmark:problem:request-header-fields-too-large" | "urn:shelfmark:problem:page-unreadable" | "urn:shelfmark:problem:too-many-requests" | "urn:shelfmark:problem:internal-error" | "urn:shelfmark:problem:not-implemented" | "urn:shelfmark:problem:provider-failure";
            /** @description Short summary of the kind of problem (the HTTP reason phrase for generic kinds). */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description What went wrong with this request, for a human. */
            detail: string;
            /**
             * Format: uri-reference
             * @description The request path, or an identifier of this occurrence.
             */
            instance?: string;
            /**
             * @description One entry per problem of a validation failure, every problem of the request at once (at most 50; `detail`
             *     then says how many more), in the order found. `detail` repeats them as `field: message; …`.
             */
            errors?: components["schemas"]["ProblemFieldError"][];
            /** @description With a `failure`: the plugin id of the external service that failed (`anilist`, `prowlarr`…). */
            provider?: string;
            failure?: components["schemas"]["ProviderFailureKind"];
        };
        /**
         * @description What went wrong with an external service (metadata provider, release indexer), for a client to say in its
         *     own words: `not_configured` a required setting is missing (400, the detail names it); `refused_key` the
         *     service refused the credentials; `rate_limited` it asks to slow down; `unreachable` it could not be reached
         *     (DNS, connection refused, timeout); `unavailable` it answered with a server error; `blocked` an anti-bot
         *     page; `bad_response` an answer that could not be read; `not_found` it does not know the record;
         *     `wrong_url` (connection test only) the address answers but is not the service.
         * @enum {string}
         */
        ProviderFailureKind: "not_configured" | "refused_key" | "rate_limited" | "unreachable" | "unavailable" | "blocked" | "bad_response" | "not_found" | "wrong_url";
        ProblemFieldError: {
            /**
             * @description Where the invalid value is, as a JSON pointer into the request: `/body/name`, `/body/links/0/url`,
             *     `/query/limit`, `/path/book_id`, `/header/…`. Stable: clients show messages per field by it.
             */
            path: string;
            /**
             * @description What is wrong, for a person, with what is allowed and the value sent when it is safe to repeat:
             *     `required`, `must be a whole number from 1 to 500 (got "abc")`, `must be one of admin or read (got "x")`,
             *     `unknown field; allowed: name, root_path, …`.
             */
            message: string;
            /**
             * @description Machine-readable reason, for a client to say in its own language: the JSON Schema keyword that failed
             *     (`required`, `type`, `enum`, `minimum`…), `controlCharacters`, `range` or `depth` for the checks made
             *     before it, and the services' own rules: `blank` (only spaces), `schedule` (neither a schedule word nor a
             *     cron expression), `sameAsProvider` (a fallback equal to the provider), `noMetadataProvider` (the library
             *     has none), `noMetadataLink` (no approved link to refresh), `notMetadataProvider` (a release indexer named
             *     as a provider), `notInLibrary` (series of another library), `exclusive` (cannot be sent with another
             *     field), `noReleaseIndexer` (none is loaded), `httpUrl`, `future` (a date that must be ahead),
             *     `isbnChecksum`, `readingList` (not a ComicRack list), `folder` (not a usable folder under the libraries
             *     root), `provider` (not a loaded metadata provider), `notInSeries`, `unknownPlugin`, `setting` (not a value
             *     the plugin's setting takes), `rangeStart` (a range's end without its start), `notCandidate` (a book
             *     that is not one of an import entry's candidates), `notWanted` (a volume that is not a wanted volume),
             *     `namingTemplate` (a library's naming template that cannot be used: unknown field, unbalanced braces…),
             *     `overlap` (a library's folder and an import folder, or two import folders, are the same folder or one is
             *     inside the other, symlinks followed: `folder` names the other one); `taken` (a value another record holds
             *     already, such as a user's e-mail address); `invalid` for any other rule. With `allowed` and
             *     `limit`, enough to write the message again. Every field error of this server carries one.
             * @enum {string}
             */
            code?: "required" | "additionalProperties" | "type" | "enum" | "const" | "format" | "pattern" | "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" | "minLength" | "maxLength" | "minItems" | "maxItems" | "uniqueItems" | "minProperties" | "maxProperties" | "anyOf" | "oneOf" | "not" | "controlCharacters" | "range" | "depth" | "blank" | "schedule" | "sameAsProvider" | "noMetadataProvider" | "noMetadataLink" | "notMetadataProvider" | "notInLibrary" | "exclusive" | "noReleaseIndexer" | "httpUrl" | "future" | "isbnChecksum" | "readingList" | "folder" | "provider" | "notInSeries" | "unknownPlugin" | "setting" | "rangeStart" | "notCandidate" | "notWanted" | "namingTemplate" | "overlap" | "taken" | "invalid";
            /**
             * @description With `overlap`: the folder the value overlaps, as it is given elsewhere (a library's `root_path`, or an
             *     import folder as the `import_folders` setting lists it).
             */
            folder?: string;
            /**
             * @description The bound that was crossed, for `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (a number),
             *     `minLength`, `maxLength` (characters) and `minItems`, `maxItems` (items).
             */
            limit?: number;
            /**
             * @description What is accepted here, when the contract lists it: the values of an enum (with `null` when null is
             *     allowed), or the known field or parameter names for `additionalProperties`.
             */
            allowed?: (string | number | boolean | null)[];
        };
        /**
         * Format: binary
         * @description Raw bytes, of the media type of the response.
         */
        Binary: string;
        /**
         * @description Identifier of a metadata-provider plugin (its manifest id, as `GET /plugins` lists it), or `none` to opt out.
         *     Built-in ids: `google_books`, `open_library`, `comicvine`, `anilist`, `bedetheque` (`prowlarr` is the release
         *     indexer, not a metadata provider). Checked against the loaded plugins: an unknown id is a 400 whose message
         *     names the ids to use. Plugin ids are lowercase with `_`; the pattern also lets through the usual guesses
         *     (`open-library`, `Open_Library`) so that their 400 can say so.
         */
        PluginId: string;
        /**
         * @description Language of the admin interface.
         * @enum {string}
         */
        Locale: "en" | "fr";
        /** @description Paging fields shared by every page envelope. */
        PageEnvelope: {
            /** @description Number of items matching, across all pages. */
            total: number;
            /** @description The page returned (1-based). */
            page: number;
            /** @description The page size used. */
            limit: number;
        };
        /**
         * @description One Server-Sent Event of `GET /jobs/{job_id}/events`, sent as an `id:` line (not for `error`), an `event:`
         *     line and a `data:` line (JSON on one line) followed by a blank line. Comment lines (`: keep-alive`) carry no
         *     event.
         */
        JobEvent: {
            /**
             * @description How far the job got: status (0 queued, 1 running, 2 finished), a scan's stage (0 listing or none, 1
             *     reading, 2 covers), items processed in that stage, whether `total` is known (0 or 1: a first scan learns
             *     it when it has listed every folder), item errors, cancel requested (0 or 1), dot-separated.
             *     Compared part by part, a job's ids grow as it runs (a job resumed after its process stopped starts its
             *     stages again) and its `end` has the greatest; events that differ only by `current_item` share an id.
             *     Sent back as `Last-Event-ID` on reconnection.
             */
            id?: string;
            /**
             * @description `progress` while the job runs or waits; `end` once, with the job finished, before the stream closes;
             *     `error` when the job was deleted while followed, before the stream closes.
             * @enum {string}
             */
            event: "progress" | "end" | "error";
            /** @description The `Job` for `progress` and `end`; a `Problem` (404) for `error`. */
            data: components["schemas"]["Job"] | components["schemas"]["Problem"];
        };
        Health: {
            /**
             * @description `degraded` when the database or the job backend does not answer.
             * @enum {string}
             */
            status: "ok" | "degraded";
            /**
             * @description Server version.
             * @example 0.1.0
             */
            version: string;
            database: {
                /** @enum {string} */
                kind: "sqlite" | "postgresql";
                ok: boolean;
            };
            jobs: {
                /**
                 * @description The Agenda storage backend in use.
                 * @example sqlite
                 * @example postgresql
                 * @example mongodb
                 */
                backend: string;
                ok: boolean;
            };
        };
        AuthStatus: {
            /** @description The label of the single sign-on (OpenID Connect) button, or null when single sign-on is not configured (the sign-in page then shows no button). The label is the configured one, else "Sign in with single sign-on" in the admin's language (an empty string here). */
            sso_button_label: string | null;
            /** @description True while no admin account exists. */
            setup_required: boolean;
            /** @description True when the request carried a valid credential. */
            authenticated: boolean;
            /** @description The signed-in administrator's user name (session cookie); null without a session, so the admin app learns who is signed in with this one public call. */
            username: string | null;
        };
        Credentials: {
            username: string;
            /** Format: password */
            password: string;
        };
        User: {
            /** Format: uuid */
            id: string;
            username: string;
            /**
             * @description The user's e-mail address (trimmed, unique among users whatever its case); null when none. Seen only by
             *     administrators and by the user themselves. What a verified e-mail from the OpenID provider links by.
             */
            email: string | null;
            role: components["schemas"]["UserRole"];
            /**
             * @description The libraries granted to the user, which a reader may see (an admin sees every library whatever is
             *     granted; the grants are kept for when they become a reader).
             */
            library_ids: string[];
            age_max: components["schemas"]["UserAgeMax"];
            /** @description Whether books (and series) with no age rating are shown to the reader. */
            allow_unrated: boolean;
            labels_include: components["schemas"]["UserLabelNames"];
            labels_exclude: components["schemas"]["UserLabelNames"];
            /** @description A disabled user cannot sign in, and their tokens are refused. */
            disabled: boolean;
            locale: components["schemas"]["Locale"];
            theme: components["schemas"]["Theme"];
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description `admin` may do everything; `reader` browses and reads the libraries granted, with the `read` scope.
         * @enum {string}
         */
        UserRole: "admin" | "reader";
        UserList: {
            items: components["schemas"]["User"][];
        };
        /**
         * @description An e-mail address: one `@` with something either side, no spaces, at most 254 characters; stored trimmed.
         *     null (or left out at creation): none; null in an update removes it. Another user's address, whatever its
         *     case, is a 409 `email-taken` naming the field `/body/email`.
         */
        UserEmail: string | null;
        /**
         * @description The highest age rating (`age_rating_age`) a reader is shown; null: any. A book is judged by its own rating, a
         *     series by its highest (its own and its books'). Ignored for admins, as are the other restrictions.
         */
        UserAgeMax: number | null;
        /**
         * @description `labels_include`: a reader sees only the series carrying one of these labels (empty: no such rule);
         *     `labels_exclude`: a reader sees none of the series carrying one of these. A series' books follow it.
         */
        UserLabelNames: components["schemas"]["LabelName"][];
        /** @description A label's name, without leading or trailing spaces. */
        LabelName: string;
        Label: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["LabelName"];
            series_count: number;
        };
        LabelList: {
            items: components["schemas"]["Label"][];
        };
        SeriesLabels: {
            labels: components["schemas"]["LabelName"][];
        };
        SeriesLabelsEdit: {
            series_ids: string[];
            add?: components["schemas"]["LabelName"][];
            remove?: components["schemas"]["LabelName"][];
        };
        SeriesLabelsEditResult: {
            updated: number;
        };
        /** @description The libraries the user may see as a reader; empty means none. */
        UserLibraryIds: string[];
        /** Format: password */
        NewPassword: string;
        UserCreate: {
            username: string;
            email?: components["schemas"]["UserEmail"];
            password: components["schemas"]["NewPassword"];
            role: components["schemas"]["UserRole"];
            library_ids?: components["schemas"]["UserLibraryIds"];
            age_max?: components["schemas"]["UserAgeMax"];
            /** @description Whether books (and series) with no age rating are shown to the reader; left out, they are. */
            allow_unrated?: boolean;
            labels_include?: components["schemas"]["UserLabelNames"];
            labels_exclude?: components["schemas"]["UserLabelNames"];
            /** @description Create the account disabled (it cannot sign in until enabled); left out, it is enabled. */
            disabled?: boolean;
        };
        /** @description The fields to change; those left out keep their value. */
        UserAdminUpdate: {
            username?: string;
            email?: components["schemas"]["UserEmail"];
            password?: components["schemas"]["NewPassword"];
            role?: components["schemas"]["UserRole"];
            library_ids?: components["schemas"]["UserLibraryIds"];
            age_max?: components["schemas"]["UserAgeMax"];
            /** @description Whether books (and series) with no age rating are shown to the reader; left out, they are. */
            allow_unrated?: boolean;
            labels_include?: components["schemas"]["UserLabelNames"];
            labels_exclude?: components["schemas"]["UserLabelNames"];
            disabled?: boolean;
        };
        /** @description The preferences to change, and a new password with the current one; fields left out keep their value. */
        UserUpdate: {
            locale?: components["schemas"]["Locale"];
            theme?: components["schemas"]["Theme"];
            password?: components["schemas"]["NewPassword"];
            /** Format: password */
            current_password?: string;
        };
        /**
         * @description The admin's colour theme; `system` (a new account's) follows the device's light or dark scheme.
         * @enum {string}
         */
        Theme: "light" | "dark" | "system";
        /**
         * @description `read` may read (except tokens and settings) and set reading progress; `admin` may do everything.
         * @enum {string}
         */
        TokenScope: "admin" | "read";
        Principal: {
            /**
             * @description Session of a user, API token, or the bootstrap token from the environment.
             * @enum {string}
             */
            kind: "session" | "token" | "bootstrap";
            scope: components["schemas"]["TokenScope"];
            /** @description The user behind the credential (a token's owner); null when there is none. */
            username: string | null;
            /**
             * Format: uuid
             * @description The user behind the credential: a session's user, a token's owner, the first administrator for the
             *     bootstrap token; null before any user exists.
             */
            user_id: string | null;
            /**
             * @description What the caller acts as: the user's role, narrowed by the token's scope (a `read` token of an admin is a
             *     reader of every library).
             */
            role: components["schemas"]["UserRole"];
            /** @description The libraries the caller may see; null means every library. */
            library_ids: string[] | null;
            /**
             * Format: uuid
             * @description The API token's id; null for sessions and the bootstrap token.
             */
            token_id: string | null;
        };
        ApiToken: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The owner; null only for a token made by the bootstrap token before any user existed.
             */
            user_id: string | null;
            /** @description The owner's user name. */
            username: string | null;
            name: string;
            /** @description What the token may do, never more than its owner (a reader's token acts as `read`). */
            scope: components["schemas"]["TokenScope"];
            /** @description The first characters of the token, to recognise it (e.g. `smk_a1b2c3d4`). */
            prefix: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description Null when the token never expires.
             */
            expires_at: string | null;
        };
        /** @description A new token, with its secret. */
        ApiTokenCreated: components["schemas"]["ApiToken"] & {
            /** @description The whole token. Shown only in this response; store it now. */
            token: string;
        };
        ApiTokenCreate: {
            name: string;
            scope: components["schemas"]["TokenScope"];
            /**
             * Format: date-time
             * @description When the token stops working; must be in the future. Omit for a token that never expires.
             */
            expires_at?: string;
        };
        ApiTokenList: {
            items: components["schemas"]["ApiToken"][];
        };
        /**
         * @description How often the library's approved metadata links are refreshed automatically; `manual` never.
         * @enum {string}
         */
        MetadataRefreshMode: "manual" | "hourly" | "daily" | "weekly";
        /**
         * @description How the library notices changes between its scheduled scans. `events`: the worker watches the library's
         *     folders (one kernel watch per folder, not per file) and, once nothing has changed for a quiet time (30 s by
         *     default, at most 5 minutes), scans only the folders that changed. `polling`: an incremental scan every 20
         *     minutes (folder mtimes keep it cheap). `auto` (the default) uses events, and polling where events cannot be
         *     had: a network or FUSE share (NFS, SMB/CIFS, FUSE, 9p) or a tree with more folders than the kernel lets a
         *     process watch. `off`: scheduled and manual scans only.
         * @enum {string}
         */
        WatchSetting: "auto" | "events" | "polling" | "off";
        /**
         * @description The way the library is watched now (see `watch_reason` for why, when it is not what was asked).
         * @enum {string}
         */
        WatchMode: "events" | "polling" | "off";
        /**
         * @description When the library is scanned (incrementally) on its own: `manual` (never), `hourly`, `every_6h` (the
         *     default), `daily`, `weekly`, or a cron expression of 5 fields (minute hour day-of-month month day-of-week)
         *     or 6 (seconds first), read in the server's time zone, e.g. `0 3 * * *` for 03:00 every day. A value that is
         *     none of these is a 400 naming `scan_schedule` and the reason. A scheduled scan that finds a scan of the
         *     library queued or running does nothing.
         * @example every_6h
         * @example 0 3 * * *
         */
        ScanSchedule: string;
        /**
         * @description The library's folder, relative to `LIBRARIES_ROOT` with POSIX separators, in the form of a folder's `path`
         *     from `GET /folders` (e.g. `comics/manga`). Must be an existing folder under the libraries root. An absolute
         *     path is a 400 even when it points inside the root, and so is a folder that leads (through a symlink) to
         *     `LIBRARIES_ROOT` itself. Two libraries may not share a folder or nest, compared by the real folders their
         *     paths lead to (409). Symlinks are checked again at each scan: a scan whose folder now leads to the libraries
         *     root or into another library fails, changing nothing.
         */
        RootPath: string;
        Library: {
            /** Format: uuid */
            id: string;
            name: string;
            root_path: components["schemas"]["RootPath"];
            metadata_provider: components["schemas"]["PluginId"];
            fallback_metadata_provider: components["schemas"]["PluginId"];
            metadata_refresh_mode: components["schemas"]["MetadataRefreshMode"];
            watch: components["schemas"]["WatchSetting"];
            watch_mode: components["schemas"]["WatchMode"];
            /**
             * @description Why the library is watched the way `watch_mode` says, in words: `the folder is on NFS`, `too many folders
             *     to watch: raise fs.inotify.max_user_watches`, `no worker process is running`… Null when the library gets
             *     change events as asked.
             */
            watch_reason: string | null;
            /**
             * @description `watch_reason` as a code, for clients that say it in their own words (the admin translates it): `off`
             *     chosen (`watching_off`), `no_watcher`, `polling_chosen`, the folder missing or unreadable
             *     (`root_unavailable`, `folder_missing`), a network or virtual `file_system` that sends no events, a kernel
             *     limit (`too_many_folders`, `too_many_watchers`), `permission_denied`, `events_lost`, or `cannot_watch`.
             *     Null when `watch_reason` is, and for a reason written by a server from before codes (until it reports again).
             * @enum {string|null}
             */
            watch_reason_code: "watching_off" | "no_watcher" | "polling_chosen" | "root_unavailable" | "file_system" | "too_many_folders" | "too_many_watchers" | "permission_denied" | "folder_missing" | "events_lost" | "cannot_watch" | null;
            scan_schedule: components["schemas"]["ScanSchedule"];
            /** @description How the reader opens a book of a series that has no `reading_direction` of its own. */
            default_reading_direction: components["schemas"]["ReadingDirection"];
            import_mode: components["schemas"]["ImportMode"];
            naming_template: components["schemas"]["NamingTemplate"];
            book_count: number;
            /**
             * @description Books of `book_count` whose file could not be read (`parse_status` `error`), listed by
             *     `GET /books?library_id=…&parse_status=error`.
             */
            unreadable_book_count: number;
            series_count: number;
            /**
             * Format: date-time
             * @description End of the last successful scan; null before the first.
             */
            last_scanned_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description Omitted providers default to `none`, an omitted refresh mode to `manual`, an omitted scan schedule to
         *     `every_6h`, an omitted `watch` to `auto`, an omitted `default_reading_direction` to `ltr`, an omitted
         *     `import_mode` to `off`, an omitted `naming_template` to `{series}/{series} - T{volume:02}{ - title}.{ext}`.
         */
        LibraryCreate: {
            name: string;
            root_path: components["schemas"]["RootPath"];
            metadata_provider?: components["schemas"]["PluginId"];
            fallback_metadata_provider?: components["schemas"]["PluginId"];
            metadata_refresh_mode?: components["schemas"]["MetadataRefreshMode"];
            watch?: components["schemas"]["WatchSetting"];
            scan_schedule?: components["schemas"]["ScanSchedule"];
            default_reading_direction?: components["schemas"]["ReadingDirection"];
            import_mode?: components["schemas"]["ImportMode"];
            naming_template?: components["schemas"]["NamingTemplate"];
        };
        LibraryUpdate: {
            name?: string;
            root_path?: components["schemas"]["RootPath"];
            metadata_provider?: components["schemas"]["PluginId"];
            fallback_metadata_provider?: components["schemas"]["PluginId"];
            metadata_refresh_mode?: components["schemas"]["MetadataRefreshMode"];
            watch?: components["schemas"]["WatchSetting"];
            scan_schedule?: components["schemas"]["ScanSchedule"];
            default_reading_direction?: components["schemas"]["ReadingDirection"];
            import_mode?: components["schemas"]["ImportMode"];
            naming_template?: components["schemas"]["NamingTemplate"];
        };
        /**
         * @description How imported books are written into the library: `off` (the library is never written to, the default),
         *     `hardlink` (falls back to a copy across file systems), `copy` (written beside the target, flushed to disk,
         *     then renamed into place: never half-written) or `move`.
         * @enum {string}
         */
        ImportMode: "off" | "hardlink" | "copy" | "move";
        /**
         * @description Where an imported book goes, relative to the library's root: literal text, `/` between folders, and the
         *     fields `{series}`, `{volume}`, `{chapter}`, `{title}`, `{year}`, `{ext}`; `{volume:02}` pads a number;
         *     text inside the braces (`{ - title}`) is kept only when the field has a value. `{volume}` and the marker
         *     written before it (`T`, `Tome `, `v`) name the book's number by its kind (`T01`, `T01-T05`, `Ch.012`,
         *     `HS01`, `Intégrale 02`, `One-shot`); `{series}` folders become the series' existing folder when it has one.
         *     The template needs `{volume}` in the file name and `{ext}`; an unknown field, unbalanced braces or a
         *     character no file system accepts is a 400 with the code `namingTemplate`. Values are made safe on every
         *     file system (no separators, `..`, control characters or reserved Windows names; at most 255 bytes a name).
         */
        NamingTemplate: string;
        NamingPreview: {
            examples: {
                /** @enum {string} */
                kind: "volume" | "chapter" | "hors_serie";
                /** @description Relative to the library's root, `/` between folders. */
                path: string;
            }[];
        };
        LibraryCreated: components["schemas"]["Library"] & {
            /** @description The library's first scan, started by its creation. */
            scan_job: components["schemas"]["Job"];
        };
        LibraryPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["Library"][];
        };
        ScanRequest: {
            /**
             * @description `full` re-reads every file and folder; `incremental` only what changed.
             * @default incremental
             * @enum {string}
             */
            mode: "incremental" | "full";
        };
        Folder: {
            /** @description The folder's name. */
            name: string;
            /** @description Relative to `LIBRARIES_ROOT`, POSIX separators (e.g. `comics/manga`); usable as a `root_path`. */
            path: string;
            /** @description Zero-based depth of this folder below `LIBRARIES_ROOT` (top-level folders are 0). */
            depth: number;
            /** @description True when the folder has at least one subfolder. */
            has_children: boolean;
        };
        /** @enum {string} */
        BookFormat: "cbz" | "cbr" | "cb7" | "cbt" | "pdf" | "epub";
        BookPage: {
            /** @description 1-based page number, as `GET /books/{book_id}/pages/{page}` takes it. */
            number: number;
            /**
             * @description The type of the image the page route answers without `width` (PDF pages are rendered as PNG).
             * @enum {string}
             */
            media_type: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";
            /** @description Width in pixels (PDF points for a PDF page); null when not measured yet. */
            width: number | null;
            /** @description Height in pixels (PDF points for a PDF page); null when not measured yet. */
            height: number | null;
        };
        BookPageList: {
            items: components["schemas"]["BookPage"][];
        };
        /**
         * @description How a comic is read: `ltr` left to right (most Western comics and BD), `rtl` right to left (manga), `vertical`
         *     pages stacked and scrolled, `webtoon` stacked with no gap between pages (long strips).
         * @enum {string}
         */
        ReadingDirection: "ltr" | "rtl" | "vertical" | "webtoon";
        /**
         * @description One page at a time, two, two with the cover alone (the usual book layout), or `auto` (double on a landscape
         *     screen).
         * @enum {string}
         */
        ReaderLayout: "auto" | "single" | "double" | "double-cover";
        /** @enum {string} */
        ReaderFit: "width" | "height" | "screen" | "original";
        /** @enum {string} */
        ReaderBackground: "dark" | "grey" | "light";
        /** @description The widest a page is drawn at fit width, in CSS pixels (centred in a wider window). */
        ReaderMaxWidth: number;
        ReaderSettings: {
            /** @description The direction in effect for the caller. */
            reading_direction: components["schemas"]["ReadingDirection"];
            /**
             * @description Where `reading_direction` comes from: the caller's own choice, the series' `reading_direction`, or the
             *     library's `default_reading_direction`.
             * @enum {string}
             */
            direction_source: "reader" | "series" | "library";
            /** @description The series' own direction (null when it has none and the library's default applies). */
            series_reading_direction: components["schemas"]["ReadingDirection"] | null;
            layout: components["schemas"]["ReaderLayout"] | null;
            /** @description The fit of the paged modes (ltr, rtl). */
            fit: components["schemas"]["ReaderFit"] | null;
            /**
             * @description The fit of the scrolled modes (vertical, webtoon), kept apart from `fit`: a fit chosen for turning pages
             *     never carries into a column.
             */
            scroll_fit: components["schemas"]["ReaderFit"] | null;
            /** @description The widest a page is drawn at fit width, in CSS pixels (null is the reader's default, 800). */
            max_width: components["schemas"]["ReaderMaxWidth"] | null;
            background: components["schemas"]["ReaderBackground"] | null;
        };
        /** @description The caller's own choices to change; null clears one (the series' or the reader's default applies). */
        ReaderSettingsUpdate: {
            reading_direction?: components["schemas"]["ReadingDirection"] | null;
            layout?: components["schemas"]["ReaderLayout"] | null;
            fit?: components["schemas"]["ReaderFit"] | null;
            scroll_fit?: components["schemas"]["ReaderFit"] | null;
            max_width?: components["schemas"]["ReaderMaxWidth"] | null;
            background?: components["schemas"]["ReaderBackground"] | null;
        };
        /**
         * @description A book with no progress is `unread`.
         * @enum {string}
         */
        ReadingStatus: "unread" | "reading" | "read";
        /**
         * @description Whether the scan could read the book's file: `pending` until it is analysed, `ok` when read, `error` when it
         *     could not be (corrupt or unsupported; the book is still listed, without pages or cover).
         * @enum {string}
         */
        ParseStatus: "pending" | "ok" | "error";
        /**
         * @description A book field that can be locked: scans, the re-reading of file names and metadata synchronisation never
         *     change a locked field.
         * @enum {string}
         */
        LockableBookField: "title" | "authors" | "summary" | "isbn" | "publish_date" | "language" | "volume" | "volume_end" | "chapter" | "chapter_end" | "kind" | "count" | "genres" | "publishers" | "tags" | "age_rating" | "imprint" | "web_links" | "story_arcs" | "series_group" | "characters" | "teams" | "locations" | "comic_format" | "black_and_white";
        /** @description Values of a repeatable filter; an item matches when it has any of them. */
        FilterNames: string[];
        FilterYear: number;
        /**
         * @description A facet, named as the filter parameter its values are for.
         * @enum {string}
         */
        FacetName: "genre" | "publisher" | "tag" | "author" | "author_role" | "language" | "comic_format" | "story_arc" | "age_max";
        FacetCount: {
            /** @description A value to give the filter parameter of the same name, exactly as stored. */
            value: string;
            /** @description How many items have this value under the current filter (without this facet's own filter). */
            count: number;
        };
        AgeFacetCount: {
            /** @description An `age_rating_age`; null counts the items without one (see `unrated`). */
            value: number | null;
            count: number;
        };
        FacetCountList: components["schemas"]["FacetCount"][];
        /**
         * @description The values of each facet asked for (`facet`, every one by default), keyed by its parameter name, the most
         *     frequent first (ties by value). Each facet is counted under every filter of the request except its own
         *     (with `genre=Action`, `genre` still counts the other genres, to add as alternatives; `tag` counts only
         *     among Action items). Only items of libraries the caller may see are counted; values with no item are
         *     left out, except a value the request filters on, always listed (count 0 when none). At most 200 values per
         *     facet (plus the ones filtered on). `author_role` counts items with a credit in each role (of the `author`s
         *     given, if any); `age_max` counts items by their exact `age_rating_age` (a client sums them for "up to").
         */
        Facets: {
            genre?: components["schemas"]["FacetCountList"];
            publisher?: components["schemas"]["FacetCountList"];
            tag?: components["schemas"]["FacetCountList"];
            author?: components["schemas"]["FacetCountList"];
            author_role?: components["schemas"]["FacetCountList"];
            language?: components["schemas"]["FacetCountList"];
            comic_format?: components["schemas"]["FacetCountList"];
            story_arc?: components["schemas"]["FacetCountList"];
            age_max?: components["schemas"]["AgeFacetCount"][];
        };
        /**
         * @description What the book is in its series: a `regular` volume (or issue), a `hors_serie` (special, sorted after the
         *     numbered run), an `integrale` (omnibus), a `one_shot`, or a `chapter` (a manga or web comic chapter with no
         *     volume).
         * @enum {string}
         */
        VolumeKind: "regular" | "hors_serie" | "integrale" | "one_shot" | "chapter";
        /** @description A volume or chapter number; fractional numbers exist (12.5). */
        BookNumber: number;
        /**
         * @description A person's part in a book: ComicInfo's role elements (`Writer`, `Penciller`, `Inker`, `Colorist`, `Letterer`,
         *     `CoverArtist` → `cover`, `Editor`, `Translator`), OPF's `marc:relators` codes and `opf:role` mapped to the same
         *     roles; `author` is the generic creator (an OPF creator without a role, a provider's authors).
         * @enum {string}
         */
        AuthorRole: "writer" | "penciller" | "inker" | "colorist" | "letterer" | "cover" | "editor" | "translator" | "author";
        Author: {
            name: string;
            role: components["schemas"]["AuthorRole"];
        };
        /** @description Each person with their part, a person once per role, in the order credited. */
        AuthorList: components["schemas"]["Author"][];
        StoryArc: {
            name: string;
            /** @description The book's place in the arc; null when unknown. */
            number: number | null;
        };
        /**
         * @description Where a stored value came from: `file` (the book's own ComicInfo or OPF, or for a series its books), `provider`
         *     (metadata synchronisation), `admin` (typed by an admin). A scan refreshes `file` values and never changes the
         *     others.
         * @enum {string}
         */
        MetadataSource: "file" | "provider" | "admin";
        /** @description The source of each set field, by its name in `LockableBookField`; a field with no entry has none. */
        BookMetadataSources: {
            [key: string]: components["schemas"]["MetadataSource"];
        };
        /** @description The source of each set field, by its name in `LockableSeriesField`; a field with no entry has none. */
        SeriesMetadataSources: {
            [key: string]: components["schemas"]["MetadataSource"];
        };
        /** @description The rating as the file or an admin wrote it (ComicInfo's `AgeRating`, e.g. `Teen`); null when none. */
        AgeRating: string | null;
        /**
         * @description The minimum age of `age_rating`: Everyone/G 0, Early Childhood 3, Kids to Adults 6, Everyone 10+/PG 10, Teen 13,
         *     MA15+ 15, Mature 17+/M 17, Adults Only 18+/R18+/X18+ 18; null for a rating not in this table or no rating.
         */
        AgeRatingAge: number | null;
        NameList: string[];
        WebLinkList: string[];
        Book: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            library_id: string;
            /**
             * Format: uuid
             * @description Null for a file directly in the library root ("unclassified").
             */
            series_id: string | null;
            /** @description Series name; null for a file directly in the library root ("unclassified"). */
            series: string | null;
            title: string;
            /** @description Volume (or issue) number (may be fractional, e.g. 12.5); null when unknown. */
            volume: number | null;
            /** @description Last volume of an omnibus file (`T01-T05` → 5); null when the book is one volume. */
            volume_end: number | null;
            /**
             * @description First chapter the book holds (`c045` → 45; `v01 c001-008` → 1; fractional allowed, e.g. 10.5); null when
             *     the book is not numbered by chapter. A book with a chapter and no volume is a loose chapter.
             */
            chapter: number | null;
            /** @description Last chapter of a range (`c001-008` → 8); null when the book holds one chapter or none. */
            chapter_end: number | null;
            kind: components["schemas"]["VolumeKind"];
            format: components["schemas"]["BookFormat"];
            size_bytes: number;
            /** @description Null until the scan has analysed the file (or when it could not, see `parse_status`). */
            page_count: number | null;
            parse_status: components["schemas"]["ParseStatus"];
            /** @description Why the file could not be read, in English; null unless `parse_status` is `error`. */
            parse_error: string | null;
            /**
             * @description What `parse_error` says, as a code a client can translate (with `parse_error_params`): one of the `file_*`
             *     codes a scan's item errors use. Null when the file was read, and for errors recorded before codes were
             *     (then only `parse_error` says why).
             */
            parse_error_code: components["schemas"]["JobItemErrorCode"] | null;
            /** @description The values the sentence of `parse_error_code` needs; null when `parse_error_code` is. */
            parse_error_params: components["schemas"]["MessageParams"] | null;
            authors: components["schemas"]["AuthorList"];
            reading_status: components["schemas"]["ReadingStatus"];
            /** @description Last page reached (1-based); null when unread. */
            current_page: number | null;
            /**
             * Format: date-time
             * @description When the book was last read (opened, read or marked read): the key of `sort=recently_read`; null when
             *     unread.
             */
            last_read_at: string | null;
            /** @description URL of the cover thumbnail (`/api/v1/books/{book_id}/thumbnail`); null when there is no cover. */
            thumbnail_url: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BookFile: {
            /** @description Path of the file relative to the library root, POSIX separators. */
            path: string;
            /**
             * Format: date-time
             * @description Modification time of the file when last scanned.
             */
            mtime: string;
            parse_status: components["schemas"]["ParseStatus"];
            /** @description Why the file could not be read, in English; null unless `parse_status` is `error`. */
            parse_error: string | null;
            /** @description As the book's `parse_error_code`. */
            parse_error_code: components["schemas"]["JobItemErrorCode"] | null;
            /** @description As the book's `parse_error_params`. */
            parse_error_params: components["schemas"]["MessageParams"] | null;
        };
        /** @description A book with its full metadata and file. */
        BookDetails: components["schemas"]["Book"] & {
            /** @description How many books the series has in all, as the file says (ComicInfo `Count`). */
            count: number | null;
            genres: components["schemas"]["NameList"];
            publishers: components["schemas"]["NameList"];
            imprint: string | null;
            tags: components["schemas"]["NameList"];
            age_rating: components["schemas"]["AgeRating"];
            age_rating_age: components["schemas"]["AgeRatingAge"];
            web_links: components["schemas"]["WebLinkList"];
            story_arcs: components["schemas"]["StoryArc"][];
            series_group: string | null;
            characters: components["schemas"]["NameList"];
            teams: components["schemas"]["NameList"];
            locations: components["schemas"]["NameList"];
            /** @description ComicInfo's `Format` as written (`Trade Paperback`, `Webtoon`…); not the file's `format`. */
            comic_format: string | null;
            /** @description True when the file says the book is black and white; null when it does not say. */
            black_and_white: boolean | null;
            metadata_sources: components["schemas"]["BookMetadataSources"];
            summary: string | null;
            /** @description ISBN-10 or ISBN-13. */
            isbn: string | null;
            /**
             * Format: date
             * @description Publication date (`YYYY-MM-DD`). A date known only to the year or month is stored as its first day.
             */
            publish_date: string | null;
            /** @description Language tag (BCP 47, e.g. `fr`, `en-US`). */
            language: string | null;
            locked_fields: components["schemas"]["LockableBookField"][];
            /**
             * @description The caller's place in a reflowable book (an EPUB locator or a KOReader xpointer), as the client that
             *     wrote it sent it; null when unread or when none was written. The admin's EPUB reader reopens there.
             */
            reading_position: string | null;
            /** @description How far through the book the caller is, 0 to 1; null when unread. */
            reading_percentage: number | null;
            file: components["schemas"]["BookFile"];
        };
        BooksPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["Book"][];
        };
        BookUpdate: {
            title?: string;
            volume?: components["schemas"]["BookNumber"] | null;
            /** @description At least `volume`; needs a volume. */
            volume_end?: components["schemas"]["BookNumber"] | null;
            chapter?: components["schemas"]["BookNumber"] | null;
            /** @description At least `chapter`; needs a chapter. */
            chapter_end?: components["schemas"]["BookNumber"] | null;
            kind?: components["schemas"]["VolumeKind"];
            authors?: components["schemas"]["AuthorList"];
            count?: number | null;
            genres?: components["schemas"]["NameList"];
            publishers?: components["schemas"]["NameList"];
            imprint?: string | null;
            tags?: components["schemas"]["NameList"];
            age_rating?: components["schemas"]["AgeRating"];
            web_links?: components["schemas"]["WebLinkList"];
            story_arcs?: components["schemas"]["StoryArc"][];
            series_group?: string | null;
            characters?: components["schemas"]["NameList"];
            teams?: components["schemas"]["NameList"];
            locations?: components["schemas"]["NameList"];
            comic_format?: string | null;
            black_and_white?: boolean | null;
            summary?: string | null;
            /** @description ISBN-10 or ISBN-13, digits with optional hyphens; the checksum is verified (400 when wrong). */
            isbn?: string | null;
            /** Format: date */
            publish_date?: string | null;
            /** @description Language tag (BCP 47-ish, e.g. `fr`, `en-US`). */
            language?: string | null;
            /** @description The complete list of locked fields (replaces the current one). */
            locked_fields?: components["schemas"]["LockableBookField"][];
        };
        ReadingProgressUpdate: {
            status: components["schemas"]["ReadingStatus"];
            /**
             * @description Page reached; required with `reading` unless a `position` is given (a reflowable book), ignored with
             *     `read` (last page) and `unread`.
             */
            current_page?: number;
            /**
             * @description Where in a reflowable book (an EPUB locator), kept verbatim; ignored with `unread`. A write without it
             *     clears the stored one (the place moved).
             */
            position?: string;
            /**
             * @description How far through the book, 0 to 1. Left out with `reading`, the page's share of the book's pages; `read`
             *     is 1; ignored with `unread`.
             */
            percentage?: number;
        };
        ReadingProgress: {
            /** Format: uuid */
            book_id: string;
            status: components["schemas"]["ReadingStatus"];
            current_page: number | null;
            /** @description An EPUB locator or a KOReader xpointer, as the client that wrote it sent it. */
            position: string | null;
            percentage: number | null;
            /** @description The device that wrote it (KOReader's device name); null when written through Shelfmark. */
            device: string | null;
            /** Format: date-time */
            last_read_at: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description Series status: one of the normalised values `ongoing`, `ended`, `hiatus`, `cancelled`, `upcoming`, or the
         *     provider's raw status lowercased when no mapping exists for it (deliberately not an enum). Where a series'
         *     status is unknown the field is null.
         */
        SeriesStatus: string;
        /**
         * @description A normalised series status.
         * @enum {string}
         */
        NormalisedSeriesStatus: "ongoing" | "ended" | "hiatus" | "cancelled" | "upcoming";
        /**
         * @description A series field that can be locked against synchronisation.
         * @enum {string}
         */
        LockableSeriesField: "status" | "authors" | "description" | "publishers" | "start_year" | "total_volumes" | "genres" | "language" | "reading_direction" | "imprint" | "tags" | "age_rating";
        SeriesItem: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            library_id: string;
            /** @description Series name (the folder holding its books); the `series_name` of the series endpoints. */
            name: string;
            book_count: number;
            /** @description Books of the series marked read. */
            read_count: number;
            reading_status: components["schemas"]["ReadingStatus"];
            status: components["schemas"]["SeriesStatus"] | null;
            /** @description Expected number of volumes; null when unknown. */
            total_volumes: number | null;
            /**
             * @description Volumes of the series' numbered run held locally (the "owned" side of owned/expected): an omnibus counts
             *     for each volume of its range; hors-séries, chapters and fractional specials do not count.
             */
            owned_count: number;
            /**
             * @description max(0, expected − owned), expected being `total_volumes` when set, else the number of volumes the
             *     approved provider link knows; 0 when neither is known. `has_missing` filters on this.
             */
            missing_count: number;
            /**
             * @description Chapters held outside any volume (a manga's or web comic's loose chapters): how many chapter numbers they
             *     cover, a range `c001-008` counting 8. Chapters bound in a volume (`v01 c001-008`) count with their volume.
             *     A series made only of chapters has an `owned_count` of 0 and shows this instead.
             */
            chapter_count: number;
            /** @description The first loose chapter; null when there is none. */
            first_chapter: number | null;
            /** @description The last loose chapter (the end of the last range); null when there is none. */
            last_chapter: number | null;
            /**
             * @description URL of a cover for the series: the image an administrator uploaded (`/api/v1/series/{series_id}/cover/image?v=…`),
             *     else the chosen book's or its first book's thumbnail, else the provider's cover through the server
             *     (`/api/v1/covers/remote?…`); null when none.
             */
            cover_url: string | null;
            /**
             * @description Whether the series is on the caller's own want-to-read shelf (`/want-to-read`); false for a caller without
             *     a user (an API token of no account).
             */
            want_to_read: boolean;
        };
        SeriesPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["SeriesItem"][];
        };
        SeriesStatusList: {
            items: string[];
        };
        MarkSeriesReadRequest: {
            /** Format: uuid */
            library_id: string;
            series_name: string;
            /** @enum {string} */
            status: "read" | "unread";
        };
        MarkSeriesReadResult: {
            /** @description Number of books whose reading status changed. */
            changed: number;
        };
        SeriesMetadata: {
            /**
             * Format: uuid
             * @description The series' id, to address it by `/series/{series_id}`.
             */
            id: string;
            /** Format: uuid */
            library_id: string;
            name: string;
            status: components["schemas"]["SeriesStatus"] | null;
            authors: components["schemas"]["AuthorList"];
            description: string | null;
            /**
             * @description When the description was taken from a book's summary (source `file`), that book's volume ("from volume
             *     1"); null otherwise.
             */
            description_from_volume: number | null;
            imprint: string | null;
            tags: components["schemas"]["NameList"];
            age_rating: components["schemas"]["AgeRating"];
            age_rating_age: components["schemas"]["AgeRatingAge"];
            metadata_sources: components["schemas"]["SeriesMetadataSources"];
            publishers: string[];
            start_year: number | null;
            /** @description Expected volume count; drives the owned/expected progress and the missing count. */
            total_volumes: number | null;
            genres: string[];
            /** @description Language tag (BCP 47, e.g. `ja`, `fr`). */
            language: string | null;
            /**
             * @description How the reader opens the series' books; null when the library's `default_reading_direction` applies.
             *     Set by the scan from ComicInfo's `Manga` = `YesAndRightToLeft` (`rtl`) and by providers that know it
             *     (AniList for manga), unless locked.
             */
            reading_direction: components["schemas"]["ReadingDirection"] | null;
            locked_fields: components["schemas"]["LockableSeriesField"][];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A series as lists show it, with its full metadata (`GET /series/{series_id}`). */
        SeriesDetails: components["schemas"]["SeriesItem"] & components["schemas"]["SeriesMetadata"] & components["schemas"]["SeriesCoverChoice"];
        SeriesCoverChoice: {
            /**
             * @description Where the series' cover comes from, as an administrator chose it: its first book's (`first_book`, the
             *     default), one of its books (`book`, `book_id`), or an uploaded image (`upload`). `cover_url` is the cover
             *     in effect (the first book's while a chosen book is gone).
             */
            cover: {
                /** @enum {string} */
                source: "first_book" | "book" | "upload";
                /**
                 * Format: uuid
                 * @description The chosen book (`source` `book`); null otherwise, and null for a reader who may not see that book (an
                 *     unrated book kept from a reader of rated books only).
                 */
                book_id: string | null;
            };
        };
        SeriesCoverChoiceUpdate: {
            /**
             * @description An uploaded image is chosen by uploading it (`PUT /series/{series_id}/cover/image`).
             * @enum {string}
             */
            source: "first_book" | "book";
            /**
             * Format: uuid
             * @description The book whose cover the series shows; required with `book`, refused otherwise.
             */
            book_id?: string;
        };
        SeriesMetadataUpdate: {
            /** @description A normalised status (`ongoing`, `ended`, `hiatus`, `cancelled`, `upcoming`) or any other text; null clears it. */
            status?: string | null;
            authors?: components["schemas"]["AuthorList"];
            imprint?: string | null;
            tags?: components["schemas"]["NameList"];
            age_rating?: components["schemas"]["AgeRating"];
            description?: string | null;
            publishers?: string[];
            start_year?: number | null;
            total_volumes?: number | null;
            genres?: string[];
            language?: string | null;
            /** @description The series' reading direction for every reader; null returns it to the library's default. */
            reading_direction?: components["schemas"]["ReadingDirection"] | null;
            /** @description The complete list of locked fields (replaces the current one). */
            locked_fields?: components["schemas"]["LockableSeriesField"][];
        };
        /** @description A provider's record that may match a series. */
        Candidate: {
            /** @description Id of the provider that answered. */
            provider: string;
            external_id: string;
            title: string;
            alternative_titles: string[];
            authors: string[];
            description: string | null;
            publishers: string[];
            start_year: number | null;
            /** @description Volume count, only when the provider really knows it. */
            total_volumes: number | null;
            /** @description The provider's raw status (not normalised). */
            status: string | null;
            genres: string[];
            language: string | null;
            /** @description How the series is read, when the provider knows it (AniList for manga); absent or null otherwise. */
            reading_direction?: components["schemas"]["ReadingDirection"] | null;
            /** @description The provider's cover through the server (`/api/v1/covers/remote?…`); null when none. */
            cover_url: string | null;
            external_url: string | null;
            /** @description How well the candidate matches the series, in percent (100 = exact normalised match). */
            confidence: number;
        };
        CandidateList: {
            items: components["schemas"]["Candidate"][];
        };
        /**
         * @description A candidate as returned by `POST /metadata/search`, passed back as is. Its fields are used by the sync at
         *     approval; other fields are kept.
         */
        CandidateInput: {
            provider?: string;
            external_id?: string;
            title?: string;
            alternative_titles?: string[];
            authors?: string[];
            description?: string | null;
            publishers?: string[];
            start_year?: number | null;
            total_volumes?: number | null;
            status?: string | null;
            genres?: string[];
            language?: string | null;
            /** @description How the series is read, when the provider knows it (AniList for manga); absent or null otherwise. */
            reading_direction?: components["schemas"]["ReadingDirection"] | null;
            /**
             * @description As the search returned it: the server's address of the provider's cover is taken back to the provider's
             *     own; any other value is kept as given.
             */
            cover_url?: string | null;
            external_url?: string | null;
            confidence?: number;
        } & {
            [key: string]: unknown;
        };
        MetadataSearchRequest: {
            /** Format: uuid */
            library_id: string;
            series_name: string;
            provider?: components["schemas"]["PluginId"];
        };
        MetadataMatchRequest: {
            /** Format: uuid */
            library_id: string;
            series_name: string;
            provider: components["schemas"]["PluginId"];
            external_id: string;
            confidence?: number;
            title?: string;
            candidate?: components["schemas"]["CandidateInput"];
        };
        /**
         * @description `pending` after a match, `approved` by approval or batch, `rejected` by rejection or when another link of the series is approved.
         * @enum {string}
         */
        MetadataLinkStatus: "pending" | "approved" | "rejected";
        /** @description Ties a series to a provider's record. */
        MetadataLink: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            library_id: string;
            /** Format: uuid */
            series_id: string;
            series_name: string;
            provider: string;
            external_id: string;
            external_url: string | null;
            title: string | null;
            status: components["schemas"]["MetadataLinkStatus"];
            confidence: number | null;
            /** @description The provider's volume count. */
            total_volumes_external: number | null;
            /** Format: date-time */
            matched_at: string;
            /** Format: date-time */
            approved_at: string | null;
            /** Format: date-time */
            synced_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A series' fields beside a provider record's, before approval. */
        MetadataLinkPreview: {
            /** Format: uuid */
            link_id: string;
            fields: {
                /** @enum {string} */
                field: "status" | "authors" | "description" | "publishers" | "start_year" | "total_volumes" | "genres" | "language" | "reading_direction" | "cover_url";
                /** @description The series' value (null when empty). */
                current: string | number | string[] | null;
                /** @description The provider's value (null when it has none). */
                provider: string | number | string[] | null;
                /** @description The field is locked on the series; approval does not write it. */
                locked: boolean;
                /** @description Approval would write the provider's value. */
                changes: boolean;
            }[];
        };
        MetadataLinkList: {
            items: components["schemas"]["MetadataLink"][];
        };
        /** @description A field changed by synchronisation. */
        FieldChange: {
            /** @description Field name (e.g. `description`, `total_volumes`, `isbn`). */
            field: string;
            /** @description Value before; null when the field was empty. */
            old: string | number | string[] | null;
            /** @description Value after (synchronisation never clears a field). */
            new: string | number | string[];
        };
        BookSyncReport: {
            /** Format: uuid */
            book_id: string;
            title: string;
            volume: number | null;
            updated: components["schemas"]["FieldChange"][];
            /** @description Locked fields the provider offered a value for. */
            skipped: components["schemas"]["LockableBookField"][];
        };
        /** @description What a synchronisation changed, and what it skipped because the field is locked. */
        SyncReport: {
            series: {
                updated: components["schemas"]["FieldChange"][];
                /** @description Locked fields the provider offered a value for. */
                skipped: components["schemas"]["LockableSeriesField"][];
            };
            /** @description Matched books with at least one updated or skipped field. */
            books: components["schemas"]["BookSyncReport"][];
            /** @description Provider volumes matched to a local book. */
            books_matched: number;
            /** @description Provider volumes with no local book. */
            books_unmatched: number;
            /** @description A note, e.g. when the provider has no volume-level data. */
            message: string | null;
        };
        ApproveResult: {
            link: components["schemas"]["MetadataLink"];
            report: components["schemas"]["SyncReport"];
        };
        MissingVolume: {
            external_book_id: string | null;
            volume_number: number | null;
            title: string | null;
        };
        MissingVolumes: {
            /** Format: uuid */
            link_id: string;
            /** @description The series' `total_volumes` when set, else the provider's volume count. */
            expected: number;
            /**
             * @description Volumes of the series' numbered run held locally (an omnibus counts for each volume of its range;
             *     hors-séries, chapters and fractional specials do not count).
             */
            owned: number;
            /** @description max(0, expected − owned). */
            missing: number;
            /** @description Provider volumes with no local book, by volume number (unknown last). */
            volumes: components["schemas"]["MissingVolume"][];
        };
        /**
         * @description `missing`: never grabbed, or its latest grab failed or expired; `grabbed`: handed to the download client;
         *     `imported`: its file came into the library.
         * @enum {string}
         */
        WantedStatus: "missing" | "grabbed" | "imported";
        /**
         * @description `grabbed`: the indexer handed the release to its download client; `imported`: its file came in; `failed`:
         *     the grab did not go through (`failure` says why); `expired`: nothing came in within the configured time.
         * @enum {string}
         */
        GrabStatus: "grabbed" | "imported" | "failed" | "expired";
        WantedGrab: {
            /** Format: uuid */
            id: string;
            status: components["schemas"]["GrabStatus"];
            /** Format: date-time */
            grabbed_at: string;
        };
        WantedVolume: {
            /** Format: uuid */
            series_id: string;
            series_name: string;
            /** Format: uuid */
            library_id: string;
            series_status: string | null;
            /** @description The volume number (a provider may list fractional specials, e.g. 12.5). */
            volume: number;
            /** @description The provider's title of the volume, when a metadata link lists it. */
            title: string | null;
            status: components["schemas"]["WantedStatus"];
            /** @description The volume's latest grab, whatever its status; null when it was never grabbed. */
            last_grab: components["schemas"]["WantedGrab"] | null;
        };
        WantedPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["WantedVolume"][];
        };
        ReleaseSearchJobRequest: {
            /** @description These wanted volumes only (left out, every wanted volume not grabbed nor imported). */
            volumes?: {
                /** Format: uuid */
                series_id: string;
                volume: number;
            }[];
            /**
             * Format: uuid
             * @description Without `volumes`, the wanted volumes of this library only.
             */
            library_id?: string;
        };
        ReleaseCandidate: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            series_id: string;
            series_name: string;
            volume: number;
            /** @description 0 is the best candidate of the volume. */
            rank: number;
            /** @description The title names the series and this volume alone (not a pack, not another series). */
            exact: boolean;
            title: string;
            size: number | null;
            /** @enum {string} */
            protocol: "torrent" | "usenet" | "unknown";
            indexer: string | null;
            seeders: number | null;
            leechers: number | null;
            /** Format: date-time */
            publish_date: string | null;
            info_url: string | null;
            /** @description The volumes the title covers. */
            volumes: number[];
            /** Format: date-time */
            searched_at: string;
        };
        GrabRequest: {
            /** Format: uuid */
            candidate_id: string;
        };
        ReleaseGrab: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Null once the series is deleted; `series_name` stays.
             */
            series_id: string | null;
            series_name: string;
            volume: number;
            title: string;
            size: number | null;
            protocol: string;
            indexer: string | null;
            /** @description The release-indexer plugin that grabbed it. */
            provider: string;
            status: components["schemas"]["GrabStatus"];
            /** @description When `failed`, the kind of failure; else null. */
            failure: components["schemas"]["ProviderFailureKind"] | null;
            /** @description When `failed`, the plugin's words (English); else null. */
            message: string | null;
            /**
             * Format: uuid
             * @description The user who grabbed it; null for a token without a user or a deleted user.
             */
            grabbed_by: string | null;
            /** Format: date-time */
            grabbed_at: string;
        };
        /**
         * @description Folders watched for arriving books (finished downloads): each relative to `LIBRARIES_ROOT` (as a library's
         *     `root_path`), or absolute under a root listed in `IMPORT_ROOTS`. An existing folder (400 `folder`
         *     otherwise), never a library's folder, inside one or holding one, and not the same as, inside or around
         *     another import folder, compared as real folders (symlinks followed, trailing slashes ignored, names in the
         *     case the file system has them): 400 (`overlap`, the other folder in `folder`) otherwise, and nothing changes.
         */
        ImportFolders: string[];
        /**
         * @description Why a file was not placed: `duplicate` (the series has that volume: replace it to upgrade), `import-off` (its
         *     library is not open to imports), `read-only` and `no-space` (the library's folder cannot take it),
         *     `target-exists` (another file took the name), `source-missing` (the file is gone), `outside-root`,
         *     `series-missing`, `format-changed` (an upgrade must keep the format), `failed`.
         * @enum {string}
         */
        ImportFailure: "duplicate" | "import-off" | "read-only" | "no-space" | "target-exists" | "source-missing" | "outside-root" | "series-missing" | "number-missing" | "format-changed" | "failed";
        ImportSuggestion: {
            /** Format: uuid */
            series_id: string;
            series_name: string;
            /** Format: uuid */
            library_id: string;
            /** @description The number read for that series; null when none was. */
            volume: number | null;
            confidence: number;
            /**
             * @description `grab`: a grab's release name is the file's; `metadata`: its ComicInfo or OPF series; `name`: its
             *     name or folder names the series; `chosen`: the series it was dropped on.
             * @enum {string}
             */
            matched_by: "grab" | "metadata" | "name" | "chosen";
        };
        ImportEntry: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            source: "upload" | "folder";
            /** @description The file's name as it arrived (never a path). */
            original_name: string;
            size: number | null;
            /** @enum {string} */
            status: "queued" | "imported" | "ignored";
            suggestions: components["schemas"]["ImportSuggestion"][];
            /**
             * Format: uuid
             * @description The series it was dropped on, or imported into.
             */
            series_id: string | null;
            /**
             * Format: uuid
             * @description The grab it is the download of, when its name says so.
             */
            grab_id: string | null;
            /** @description Why the last attempt to place it failed; null when none did. */
            error: components["schemas"]["ImportFailure"] | null;
            /** @description The same in English. */
            message: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ImportEntryPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["ImportEntry"][];
        };
        ImportChoice: {
            /** Format: uuid */
            series_id: string;
            volume: number;
            /**
             * @description Replace the volume's file the series has (an upgrade).
             * @default false
             */
            replace: boolean;
        };
        ImportRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            import_id: string | null;
            /** Format: uuid */
            library_id: string | null;
            /** @description The name of the file it came from. */
            source_name: string;
            /** @description Where it went, relative to the library's folder. */
            target_path: string;
            series_name: string;
            volume: number | null;
            /**
             * @description How it was placed in the end (a hard link or a move across file systems is a copy).
             * @enum {string}
             */
            how: "hardlink" | "copy" | "move";
            /** @description An upgrade, which replaced the book's file (it cannot be undone). */
            replaced: boolean;
            /**
             * Format: uuid
             * @description The user who imported it; null when it imported itself (an exact match) or the user is gone.
             */
            imported_by: string | null;
            /** Format: date-time */
            imported_at: string;
            /** Format: date-time */
            undone_at: string | null;
        };
        ImportRecordPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["ImportRecord"][];
        };
        ReleaseGrabPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["ReleaseGrab"][];
        };
        LibraryJobRequest: {
            /** Format: uuid */
            library_id: string;
        };
        MetadataBatchRequest: {
            /** Format: uuid */
            library_id: string;
            /** @description Only these series of the library (left out, every series of it). */
            series_ids?: string[];
        };
        /**
         * @description What the batch did with a series: `auto_matched` (one candidate at 100, applied), `already_linked`
         *     (skipped: the series already has an approved link), `no_results` (neither the primary nor the fallback
         *     found anything), `too_many_results` (several candidates, the best at 100: left for manual review),
         *     `low_confidence` (the best candidate is below 100), `error` (provider failure; the batch went on),
         *     `skipped` (not asked: every provider of the library was unreachable, its circuit open; `error` says why).
         *     Either of the last two ends the batch `completed_with_errors`.
         * @enum {string}
         */
        BatchOutcome: "auto_matched" | "already_linked" | "no_results" | "too_many_results" | "low_confidence" | "error" | "skipped";
        BatchReport: {
            /** Format: uuid */
            job_id: string;
            status: components["schemas"]["JobStatus"];
            /** @description Series per outcome. */
            counts: {
                auto_matched: number;
                already_linked: number;
                no_results: number;
                too_many_results: number;
                low_confidence: number;
                error: number;
                skipped: number;
            };
            total_series: number;
            processed: number;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** @description Null until the job has finished. */
            duration_ms: number | null;
        };
        BatchResult: {
            /**
             * Format: uuid
             * @description Null when the series has been deleted since.
             */
            series_id: string | null;
            series_name: string;
            outcome: components["schemas"]["BatchOutcome"];
            /** @description The provider that answered (the fallback when `fallback_used`); null when none was asked. */
            provider: string | null;
            fallback_used: boolean;
            candidate_count: number;
            best_confidence: number | null;
            best_candidate: {
                provider: string;
                external_id: string;
                title: string;
            } | null;
            /**
             * Format: uuid
             * @description The link created or found (auto_matched, already_linked).
             */
            link_id: string | null;
            /**
             * @description Why the series is `error` or `skipped`, in English: the last provider failure, or the reason it was not
             *     asked. Each provider's own message is in `errors`.
             */
            error: string | null;
            /**
             * @description What `error` says, as a code a client can translate (with `error_params`), as the batch's item errors
             *     are: `provider_failure`, `auto_apply_failed` or `problem` for an `error`, `provider_skipped` for a
             *     `skipped` series. Null when there is no error, and for results recorded before codes were.
             */
            error_code: components["schemas"]["JobItemErrorCode"] | null;
            /** @description The values the sentence of `error_code` needs; null when `error_code` is. */
            error_params: components["schemas"]["MessageParams"] | null;
            /**
             * @description Each provider's failure for this series, in the order asked (the primary, then the fallback), each message
             *     as the provider gave it and the kind of failure (absent from batches run before it was recorded); empty
             *     when none failed.
             */
            errors: {
                provider: string;
                message: string;
                failure?: components["schemas"]["ProviderFailureKind"];
            }[];
        };
        BatchResultPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["BatchResult"][];
        };
        RefreshSeriesReport: {
            /** Format: uuid */
            series_id: string;
            series_name: string;
            /** Format: uuid */
            link_id: string;
            provider: string;
            /** @description What changed; null when the refresh of this series failed. */
            report: components["schemas"]["SyncReport"] | null;
            /** @description Why the refresh of this series failed. */
            error: string | null;
            /** @description With `error`, when the provider failed, the kind of failure; null otherwise. */
            failure?: components["schemas"]["ProviderFailureKind"] | null;
        };
        RefreshReport: {
            /** Format: uuid */
            job_id: string;
            status: components["schemas"]["JobStatus"];
            /** @description One entry per approved link refreshed so far. */
            series: components["schemas"]["RefreshSeriesReport"][];
            /**
             * Format: date-time
             * @description Null while the job is queued.
             */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
        };
        StatusMapping: {
            /** Format: uuid */
            id: string;
            /** @description Raw provider status, lowercased. */
            provider_status: string;
            /** @description The normalised status this provider status maps to; null when unmapped. */
            mapped_status: components["schemas"]["NormalisedSeriesStatus"] | null;
        };
        StatusMappingList: {
            items: components["schemas"]["StatusMapping"][];
        };
        StatusMappingUpsert: {
            provider_status: string;
            /** @description The normalised status this provider status maps to; null when unmapped. */
            mapped_status: components["schemas"]["NormalisedSeriesStatus"] | null;
        };
        Release: {
            guid: string;
            title: string;
            /** @description Size in bytes. */
            size: number | null;
            indexer: string | null;
            /** @enum {string} */
            protocol: "torrent" | "usenet" | "unknown";
            seeders: number | null;
            leechers: number | null;
            /** Format: date-time */
            publish_date: string | null;
            download_url: string | null;
            info_url: string | null;
            categories: number[];
            /** @description Volumes the title covers (ranges expanded). */
            volumes: number[];
            /** @description Missing volumes of the series among `volumes`. */
            fills_missing: number[];
        };
        ReleaseSearchRequest: {
            /** Format: uuid */
            library_id: string;
            series_name: string;
            /** @description Search this volume only. */
            volume?: number;
            /** @description Search once per missing volume. */
            missing?: boolean;
        };
        ReleaseSearchResult: {
            items: components["schemas"]["Release"][];
            /** @description The queries sent to the indexer. */
            queries: string[];
        };
        ReleaseTestResult: {
            ok: boolean;
            /** @description What worked or what to fix, in English, from the plugin. */
            message: string;
            /** @description The release indexer's plugin id (`prowlarr`). */
            provider: string;
            /** @description The kind of failure when `ok` is false (null when it is true). */
            failure: components["schemas"]["ProviderFailureKind"] | null;
            /** @description Indexers the aggregator has; null when unknown or when the check failed. */
            indexer_count: number | null;
        };
        /** @description Preferred language for provider results (BCP 47, e.g. `en`, `fr`), passed to providers that support it. */
        LanguageTag: string;
        /** @description A plugin setting value (null in an update removes it); lists hold strings or numbers. */
        PluginSettingValue: string | number | boolean | null | (string | number)[];
        PluginSettingsState: {
            /** @description Non-secret settings by key. */
            values: {
                [key: string]: components["schemas"]["PluginSettingValue"];
            };
            /** @description Keys of the secret settings that have a value. */
            secrets_set: string[];
        };
        Settings: {
            provider_language: components["schemas"]["LanguageTag"];
            ui_language: components["schemas"]["Locale"];
            /** @description Whether a reading app that fetches the last page of a book through OPDS page streaming marks the book read (default true). Earlier pages always move the reading progress forward. */
            opds_pse_marks_read: boolean;
            backup_schedule: components["schemas"]["BackupSchedule"];
            backup_keep: components["schemas"]["BackupKeep"];
            release_indexer: {
                /** @description Base URL of the release indexer (Prowlarr); null when not configured. */
                url: string | null;
                /** @description Whether an API key is set (the key itself is never returned). */
                api_key_set: boolean;
                /** @description Newznab categories searched (default 7030 Comics, 7020 EBook). */
                categories: number[];
            };
            import_folders: components["schemas"]["ImportFolders"];
            /** @description Settings of each plugin, by plugin id. */
            plugins: {
                [key: string]: components["schemas"]["PluginSettingsState"];
            };
            sign_in: components["schemas"]["SignInSettings"];
        };
        /**
         * @description How people sign in (issue 38). A field set by an `OIDC_*` environment variable wins, is listed in
         *     `set_by_environment`, and cannot be changed here (a 400).
         */
        SignInSettings: {
            oidc: {
                /** @description Whether issuer and client id are known, so the sign-in page offers the button. */
                enabled: boolean;
                /** @description The provider's issuer URL. */
                issuer: string | null;
                client_id: string | null;
                /** @description Whether a client secret is set (never returned). */
                client_secret_set: boolean;
                /** @description Scopes asked for (default `openid profile email`). */
                scopes: string;
                button_label: string | null;
                /** @description Whether a provider account without a Shelfmark account gets one at its first sign-in. */
                create_users: boolean;
                /** @description Whether a first sign-in whose e-mail the provider says is verified (`email_verified` true) links the account not yet linked to the provider whose `email` is that whole address, whatever its case; never by user name (off: accounts are linked only by `sub`). */
                link_by_email: boolean;
                /** @description Members of this group (the `groups` claim) are administrators. */
                admin_group: string | null;
                /**
                 * @description The role of an account created at sign-in.
                 * @enum {string}
                 */
                default_role: "admin" | "reader";
                /** @description Libraries granted to an account created at sign-in. */
                default_library_ids: string[];
                /** @description Fields set by the environment. */
                set_by_environment: ("issuer" | "client_id" | "client_secret" | "scopes" | "button_label" | "create_users" | "admin_group")[];
            };
            /** @description Whether everyone may sign in with a password (default true). When false only `break_glass_user_id` may, in the admin and in OPDS Basic; API tokens keep working for everyone. */
            local_passwords: boolean;
            /**
             * Format: uuid
             * @description The administrator who keeps a password when local passwords are off.
             */
            break_glass_user_id: string | null;
        };
        SignInSettingsUpdate: {
            oidc?: {
                /** Format: uri */
                issuer?: string | null;
                client_id?: string | null;
                /** @description The client secret; null removes it. Never returned. */
                client_secret?: string | null;
                scopes?: string | null;
                button_label?: string | null;
                create_users?: boolean;
                link_by_email?: boolean;
                admin_group?: string | null;
                /** @enum {string} */
                default_role?: "admin" | "reader";
                default_library_ids?: string[];
            };
            local_passwords?: boolean;
            /** Format: uuid */
            break_glass_user_id?: string | null;
        };
        SettingsUpdate: {
            provider_language?: components["schemas"]["LanguageTag"];
            ui_language?: components["schemas"]["Locale"];
            /** @description Whether fetching a book's last page through OPDS page streaming marks it read. */
            opds_pse_marks_read?: boolean;
            backup_schedule?: components["schemas"]["BackupSchedule"];
            backup_keep?: components["schemas"]["BackupKeep"];
            release_indexer?: {
                /**
                 * Format: uri
                 * @description Base URL of the release indexer; null removes it.
                 */
                url?: string | null;
                /** @description The indexer's API key; null removes it. Never returned. */
                api_key?: string | null;
                categories?: number[];
            };
            import_folders?: components["schemas"]["ImportFolders"];
            /**
             * @description Settings to change, by plugin id then key (keys of the plugin's `settings_schema`). Secret values are
             *     write-only; null removes a value.
             */
            plugins?: {
                [key: string]: {
                    [key: string]: components["schemas"]["PluginSettingValue"];
                };
            };
            sign_in?: components["schemas"]["SignInSettingsUpdate"];
        };
        /**
         * @description When the SQLite database is backed up: `manual` (never on its own), `hourly`, `every_6h`, `daily` (the
         *     default), `weekly`, or a cron expression as for a library's `scan_schedule` (a 400 naming `backup_schedule`
         *     otherwise). Without effect on PostgreSQL (use `pg_dump`).
         * @example daily
         * @example 30 2 * * *
         */
        BackupSchedule: string;
        /** @description How many backups are kept (default 7); older ones are deleted after each backup. */
        BackupKeep: number;
        Backup: {
            /** @description The file's name in `DATA_DIR/backups`, e.g. `shelfmark-2026-11-25T03-00-00.123Z.sqlite`. */
            name: string;
            /** @description Bytes. */
            size: number;
            /** Format: date-time */
            created_at: string;
        };
        BackupList: {
            /** @description Newest first. */
            items: components["schemas"]["Backup"][];
        };
        /**
         * @description `metadata_backfill`: started once per library by the server after the upgrade that stores every ComicInfo
         *     and OPF field; it reads only each book's metadata entry (never a page) and fills the fields that are empty,
         *     unlocked and not set by a provider or an admin, then what the series take from their books.
         *     `release_search`: searches the release indexer for wanted volumes (`POST /releases/searches`); it spans
         *     libraries, so its `library_id` is null.
         * @enum {string}
         */
        JobType: "scan" | "metadata_batch" | "metadata_refresh" | "backup" | "metadata_backfill" | "release_search";
        /**
         * @description `completed_with_errors`: the job ran to its end but some items failed or were skipped: it recorded item
         *     errors (a scan's unreadable files or folders, a series every provider failed for), or a metadata batch
         *     skipped series while its provider was unreachable; its item errors, report and results say which.
         * @enum {string}
         */
        JobStatus: "queued" | "running" | "succeeded" | "completed_with_errors" | "failed" | "cancelled";
        JobProgress: {
            /** @description Items done. */
            processed: number;
            /** @description Items to do; null while unknown. */
            total: number | null;
            /** @description Null while the total is unknown. */
            percent: number | null;
            /** @description The file or series being worked on. */
            current_item: string | null;
            /**
             * @description What a running scan is doing: `listing` its folders (no total yet), `reading` the files found (a first
             *     scan reads them while it lists its folders: its `total` is null until the last folder is listed), or making
             *     the `covers` still missing (`processed` and `total` count again from 0: covers made while files were
             *     being read are not in that total). Null for other jobs, and once a job has ended.
             * @enum {string|null}
             */
            stage: "listing" | "reading" | "covers" | null;
        };
        Job: {
            /** Format: uuid */
            id: string;
            type: components["schemas"]["JobType"];
            status: components["schemas"]["JobStatus"];
            /** Format: uuid */
            library_id: string | null;
            progress: components["schemas"]["JobProgress"];
            /** @description Why the job failed, in English. */
            error: string | null;
            /**
             * @description What `error` says, as a code a client can translate (with `error_params`). Null while the job has not
             *     failed, and for jobs that failed before codes were recorded (then only `error` says why).
             */
            error_code: components["schemas"]["JobErrorCode"] | null;
            /** @description The values the sentence of `error_code` needs; null when `error_code` is. */
            error_params: components["schemas"]["MessageParams"] | null;
            /** @description Items (files, series) that failed while the job went on. */
            item_errors_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            cancel_requested: boolean;
        };
        /**
         * @description Why a job failed. Scans refused to protect the library: `scan_root_invalid` and `scan_root_overlap` (the
         *     folder no longer resolves to a folder of its own under the libraries root, or now leads into another
         *     library's: params `library`, `folder`, `detail`), `scan_root_missing` (`library`, `folder`),
         *     `scan_root_unreadable` (`library`), `scan_would_empty` (its folder looks empty while books are stored:
         *     `library`, `count`). `no_metadata_provider`: a metadata batch of a library that has none. `problem`: another
         *     refusal, by its problem kind (`kind`, the last segment of a `Problem.type`). `unexpected`: an error the
         *     server's log has the details of.
         * @enum {string}
         */
        JobErrorCode: "scan_root_invalid" | "scan_root_overlap" | "scan_root_missing" | "scan_root_unreadable" | "scan_would_empty" | "no_metadata_provider" | "problem" | "unexpected";
        /**
         * @description Why a job could not handle one file or series. `folder_unreadable` (`reason`: the system's error code, e.g.
         *     `EACCES`), `name_not_utf8`, `file_*` (the book file is damaged, password-protected, in a form not supported,
         *     too large, empty, gone, or took too long to read: `detail` has the reader's own words), `file_unreadable`
         *     (it could not be analysed). A metadata job's series: `provider_failure` (`provider`, `failure`: a
         *     `ProviderFailureKind`, `detail`), `auto_apply_failed` (a certain match whose record could not be applied:
         *     `kind`, `detail`, and `provider` and `failure` when a provider failed), `problem` (`kind`, `detail`),
         *     `provider_skipped` (a batch's series no provider was asked about, each found unreachable earlier in the
         *     batch: `provider`, and `fallback` when the fallback was skipped too, `detail` the network's reasons; a
         *     batch result's code only, not an item error). A book's `parse_error_code` is one of the `file_*` codes.
         * @enum {string}
         */
        JobItemErrorCode: "folder_unreadable" | "name_not_utf8" | "file_corrupt" | "file_encrypted" | "file_unsupported" | "file_too_large" | "file_empty" | "file_not_found" | "file_timeout" | "file_unreadable" | "provider_failure" | "auto_apply_failed" | "provider_skipped" | "problem";
        /** @description Values a coded message's sentence needs, by name. */
        MessageParams: {
            [key: string]: string | number;
        };
        JobItemError: {
            /** @description The file (relative to the library root) or series concerned. */
            item: string;
            /** @description Why, in English. */
            message: string;
            /** @description What `message` says, as a code a client can translate; null for errors recorded before codes. */
            code: components["schemas"]["JobItemErrorCode"] | null;
            /** @description The values the sentence of `code` needs; null when `code` is. */
            params: components["schemas"]["MessageParams"] | null;
            /** Format: date-time */
            at: string;
        };
        /** @description A job with its parameters and its first per-item errors. */
        JobDetails: components["schemas"]["Job"] & {
            /**
             * @description What the job did, once it has finished. For a scan: `files_seen`, `added`, `updated`, `unchanged`,
             *     `removed`, `errors`, `folders_read`, `folders_skipped` (unchanged since the last scan, not re-read),
             *     `folders_unreadable`, `progress_restored`, `moved` (files renamed or moved within the library, recognised
             *     by partial hash and size: their book, progress and metadata kept), `ignored_files` and `ignored_examples`
             *     (files that are not books, in the folders read: count and first 20 paths), `thumbnails`,
             *     `thumbnails_during_index` (of those, the covers made while indexing ran), `index_ms` (discovery,
             *     analysis and storage), `thumbnails_ms` (after indexing, finishing the covers), `duration_ms` and `mode`.
             *     For a metadata backfill: `books` (the readable books of the library), `read`, `filled` (books given at
             *     least one value), `errors`, `series` (series refreshed from their books) and `duration_ms`.
             */
            report: Record<string, never> | null;
            /** @description The first 100 per-item errors (`item_errors_count` has the total). */
            item_errors: components["schemas"]["JobItemError"][];
            /**
             * @description The job's parameters (e.g. `{ "mode": "full" }` for a scan). A scan started by a watched library's
             *     changes has `folders`: the folders it read (relative to the library root, `''` is the root); files in
             *     other folders were neither read nor compared.
             */
            params: Record<string, never>;
        };
        JobPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["Job"][];
        };
        PluginSettingField: {
            key: string;
            /** @enum {string} */
            type: "string" | "url" | "number" | "boolean" | "string-list" | "number-list";
            /** @description In the caller's language when the plugin gives it, else English. */
            label: string;
            /** @description In the caller's language when the plugin gives it, else English; null when none. */
            help: string | null;
            /** @description Write-only, its value is never returned. */
            secret: boolean;
            /** @description The plugin cannot work without it; until it is set the plugin is listed as not configured. */
            required: boolean;
            default: components["schemas"]["PluginSettingValue"];
        };
        PluginInfo: {
            id: string;
            name: string;
            /**
             * @description Null when the plugin failed to load (its module never said).
             * @enum {string|null}
             */
            kind: "metadata_provider" | "release_indexer" | null;
            version: string | null;
            /** @description Version of the plugin SDK API the plugin is written against. */
            api_version: string | null;
            /**
             * @description `failed`: the module could not be imported or is not a valid plugin; `last_error` says why.
             * @enum {string}
             */
            status: "loaded" | "failed";
            /** @description Whether every required setting has a value. */
            configured: boolean;
            /**
             * @description What the plugin can supply (e.g. `series.authors`, `volumes`, `language`); a release indexer lists
             *     `search` and `test_connection`, and `grab` when it can hand a release to its download client.
             */
            capabilities: string[];
            settings_schema: components["schemas"]["PluginSettingField"][];
            /** @description The last load or call error; null when none. */
            last_error: string | null;
        };
        PluginList: {
            items: components["schemas"]["PluginInfo"][];
        };
        /** @description A collection's or reading list's name (not only spaces). */
        ShelfName: string;
        /** @description A free text about it; null when none. */
        ShelfSummary: string | null;
        CollectionItem: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["ShelfName"];
            summary: components["schemas"]["ShelfSummary"];
            /** @description Whether its series are shown in their given order (else by name). */
            ordered: boolean;
            /** @description Its series the caller may see. */
            series_count: number;
            /**
             * @description The cover of the series an administrator picked (`cover_series_id`), else of its first series the caller
             *     may see; null when that one has none.
             */
            cover_url: string | null;
            /**
             * @description The collection's mosaic: the picked series' cover alone when there is one the caller may see, else the
             *     covers of its first four series the caller may see (those that have one), in the collection's order.
             *     Computed per caller, so never the cover of a series they cannot open.
             */
            cover_urls: string[];
            /**
             * Format: uuid
             * @description The series an administrator picked as its cover, when the caller may see it; null when none was picked
             *     or the caller may not see it (they get the mosaic of what they may see).
             */
            cover_series_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Collection: components["schemas"]["CollectionItem"] & {
            /** @description Its series the caller may see, in its order (by name when unordered). */
            series_ids: string[];
        };
        /** @description Every series of the collection, in order (replaces the list). */
        CollectionSeriesIds: string[];
        CollectionCreate: {
            name: components["schemas"]["ShelfName"];
            summary?: components["schemas"]["ShelfSummary"];
            /** @default false */
            ordered: boolean;
            series_ids?: components["schemas"]["CollectionSeriesIds"];
        };
        CollectionUpdate: {
            name?: components["schemas"]["ShelfName"];
            summary?: components["schemas"]["ShelfSummary"];
            ordered?: boolean;
            series_ids?: components["schemas"]["CollectionSeriesIds"];
            /**
             * Format: uuid
             * @description One of its series (those given in `series_ids` with it, else those it has) as its cover; null for none (the
             *     mosaic of its first series). Another series is a 400. A series taken out of the collection stops being
             *     its cover.
             */
            cover_series_id?: string | null;
        };
        CollectionPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["CollectionItem"][];
        };
        ReadingListItem: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["ShelfName"];
            summary: components["schemas"]["ShelfSummary"];
            /** @description Shared with everyone by an admin; else only its owner sees it. */
            shared: boolean;
            /** Format: uuid */
            owner_id: string;
            /** @description Whether the caller owns it (and so may edit it). */
            mine: boolean;
            /**
             * @description Made by a `.cbl` import (`POST /reading-lists/import`), so it keeps an import report
             *     (`/reading-lists/{reading_list_id}/import-report`, its owner's alone).
             */
            imported: boolean;
            /** @description Its books the caller may see. */
            book_count: number;
            /** @description Of those, the books the caller has read. */
            read_count: number;
            /** @description The thumbnail of its first book the caller may see; null when none. */
            cover_url: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ReadingList: components["schemas"]["ReadingListItem"] & {
            /** @description Its books the caller may see, in order. */
            book_ids: string[];
            /**
             * Format: uuid
             * @description The first of those the caller has not read; null when all are read or there are none.
             */
            continue_book_id: string | null;
        };
        /** @description The list's books in order (replaces them). */
        ReadingListBookIds: string[];
        /**
         * @description The list a saved filter is for: `series` (`GET /series`) or `books` (`GET /books`).
         * @enum {string}
         */
        SavedFilterTarget: "series" | "books";
        /** @description A saved filter's name (not only spaces; leading and trailing spaces are dropped). */
        SavedFilterName: string;
        /**
         * @description The list operation's query parameters by name, each value as that operation takes it: a string, number or
         *     boolean, or an array of them for a repeatable parameter (`{"genre": ["Action", "Aventure"]}`). `page`,
         *     `limit` and `sort` are no filter (the sort is the saved filter's `sort`). Checked against the operation's own
         *     parameters, whose field errors name `/body/filter/<parameter>`; stored as that operation reads them (a single
         *     value of a repeatable parameter becomes an array).
         */
        SavedFilterParameters: {
            [key: string]: string | number | boolean | (string | number | boolean)[];
        };
        /** @description One of the list operation's `sort` values; null for its default order. */
        SavedFilterSort: string | null;
        SavedFilter: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["SavedFilterName"];
            target: components["schemas"]["SavedFilterTarget"];
            filter: components["schemas"]["SavedFilterParameters"];
            sort: components["schemas"]["SavedFilterSort"];
            /** @description Shared with everyone by an admin; else only its owner sees it. */
            shared: boolean;
            /** Format: uuid */
            owner_id: string;
            /** @description Whether the caller owns it. */
            mine: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SavedFilterCreate: {
            name: components["schemas"]["SavedFilterName"];
            target: components["schemas"]["SavedFilterTarget"];
            filter: components["schemas"]["SavedFilterParameters"];
            sort?: components["schemas"]["SavedFilterSort"];
            /** @description Share it with everyone (admins only). */
            shared?: boolean;
        };
        SavedFilterUpdate: {
            name?: components["schemas"]["SavedFilterName"];
            filter?: components["schemas"]["SavedFilterParameters"];
            sort?: components["schemas"]["SavedFilterSort"];
            /** @description Share it with everyone or make it its owner's again (admins only). */
            shared?: boolean;
        };
        SavedFilterPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["SavedFilter"][];
        };
        ReadingListCreate: {
            name: components["schemas"]["ShelfName"];
            summary?: components["schemas"]["ShelfSummary"];
            book_ids?: components["schemas"]["ReadingListBookIds"];
        };
        ReadingListUpdate: {
            name?: components["schemas"]["ShelfName"];
            summary?: components["schemas"]["ShelfSummary"];
            book_ids?: components["schemas"]["ReadingListBookIds"];
        };
        ReadingListSharing: {
            shared: boolean;
        };
        ReadingListPage: components["schemas"]["PageEnvelope"] & {
            items: components["schemas"]["ReadingListItem"][];
        };
        CblImportEntry: {
            /** @description The entry's place in the file, from 0 (what choosing a candidate names). */
            index: number;
            series: string;
            number: string | null;
            volume: string | null;
            year: string | null;
            /** @enum {string} */
            status: "matched" | "ambiguous" | "missing";
            /**
             * Format: uuid
             * @description The book matched; null unless `matched`.
             */
            book_id: string | null;
            /** @description The books it could be, when `ambiguous`. */
            candidate_ids: string[];
            /** @description The same books, named, for a reader to choose one. */
            candidates: components["schemas"]["CblImportCandidate"][];
        };
        CblImportCandidate: {
            /** Format: uuid */
            id: string;
            title: string;
            series_name: string | null;
            volume: number | null;
            chapter: number | null;
            year: number | null;
        };
        CblImportChoice: {
            /**
             * Format: uuid
             * @description One of the entry's `candidate_ids`.
             */
            book_id: string;
        };
        CblImportReport: {
            matched: number;
            ambiguous: number;
            missing: number;
            /** @description Every entry of the file, in its order. */
            entries: components["schemas"]["CblImportEntry"][];
        };
        ReadingListImported: components["schemas"]["ReadingList"] & {
            import_report: components["schemas"]["CblImportReport"];
        };
    };
    responses: {
        /**
         * @description The request body or upload is larger than the operation allows (its description says how large), in bytes or
         *     pixels.
         */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The upload is not of a type the operation takes (read from its content), or cannot be decoded. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The request is invalid: a malformed or out-of-range parameter, an unknown query parameter, an unknown or
         *     invalid body field, or a request the current state does not allow (the detail says which).
         */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No credential, or a credential that is malformed, unknown, expired or revoked (or, at login, wrong credentials). */
        Unauthorized: {
            headers: {
                /** @description The accepted scheme, e.g. `Bearer realm="shelfmark"`. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The credential is valid but its scope does not allow this operation. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource does not exist. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The book's file is there but cannot be read (corrupt, encrypted, unsupported compression). */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The caller is no user, so has no reading progress (the bootstrap token while no user exists). */
        NoReader: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request conflicts with the current state (the detail says how). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many attempts; retry after the delay given. */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description This installation cannot do this (e.g. no plugin or renderer for it is loaded). */
        NotImplemented: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description An external service failed (timeout, rate limit, 5xx, malformed answer, anti-bot page, bad credentials).
         *     `provider` and `failure` say which and how; the detail says it in English, never with a secret.
         */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description Identifier of the collection. */
        CollectionId: string;
        /** @description Identifier of the reading list. */
        ReadingListId: string;
        /** @description Identifier of the saved filter. */
        SavedFilterId: string;
        /**
         * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
         *     database; a page past the end is an empty page.
         */
        Page: number;
        /** @description Items per page. */
        Limit: number;
        /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
        SearchQuery: string;
        /** @description Only items of this library. */
        LibraryIdFilter: string;
        /** @description Only items with this reading status. */
        ReadingStatusFilter: components["schemas"]["ReadingStatus"];
        /**
         * @description Only items whose genres include one of these, exactly as stored (repeat the parameter for more: any of them
         *     matches). A series matches on its own genres, a book on its own.
         * @example [
         *       "Aventure"
         *     ]
         */
        GenreFilter: components["schemas"]["FilterNames"];
        /**
         * @description Only items whose publishers include one of these, exactly as stored (repeatable; any matches).
         * @example [
         *       "Dargaud"
         *     ]
         */
        PublisherFilter: components["schemas"]["FilterNames"];
        /**
         * @description Only items whose tags include one of these, exactly as stored (repeatable; any matches).
         * @example [
         *       "cavalry"
         *     ]
         */
        TagFilter: components["schemas"]["FilterNames"];
        /**
         * @description Only items credited to one of these people, by name exactly as stored (repeatable; any matches). With
         *     `author_role`, the person must hold one of those roles.
         * @example [
         *       "Goscinny"
         *     ]
         */
        AuthorFilter: components["schemas"]["FilterNames"];
        /**
         * @description Only items with a credit in one of these roles (repeatable; any matches). With `author`, it applies to every
         *     `author` given: an item matches when one of those people holds one of these roles on it.
         * @example [
         *       "writer"
         *     ]
         */
        AuthorRoleFilter: components["schemas"]["AuthorRole"][];
        /**
         * @description The largest `age_rating_age` allowed: items rated for an older age are left out. Items without an
         *     `age_rating_age` follow `unrated`.
         * @example 12
         */
        AgeMaxFilter: number;
        /**
         * @description Whether items without an `age_rating_age` (no rating, or one not in the table) are kept: `include` (the
         *     default) keeps them, `exclude` leaves them out (with or without `age_max`).
         */
        UnratedFilter: "include" | "exclude";
        /**
         * @description Only items in one of these languages, by tag exactly as stored (`fr`, `en-US`; repeatable).
         * @example [
         *       "fr"
         *     ]
         */
        LanguageFilter: string[];
        /**
         * @description Only items of this year or later: a series' `start_year`, a book's `publish_date` year. Items without a
         *     year are left out when `year_from` or `year_to` is given.
         */
        YearFromFilter: components["schemas"]["FilterYear"];
        /** @description Only items of this year or earlier (as `year_from`); `year_to` below `year_from` matches nothing. */
        YearToFilter: components["schemas"]["FilterYear"];
        /**
         * @description Only books whose `comic_format` (ComicInfo's `Format`, e.g. `Trade Paperback`) is one of these, exactly as
         *     stored (repeatable); a series matches when one of its books does.
         * @example [
         *       "Trade Paperback"
         *     ]
         */
        ComicFormatFilter: string[];
        /**
         * @description Only books in one of these story arcs, by name exactly as stored (repeatable); a series matches when one of
         *     its books does.
         * @example [
         *       "Civil War"
         *     ]
         */
        StoryArcFilter: components["schemas"]["FilterNames"];
        /** @description Only books of the series with exactly this name. */
        SeriesNameFilter: string;
        /** @description Only books of this format. */
        BookFormatFilter: components["schemas"]["BookFormat"];
        /** @description Only books whose file is in this state; `error` lists the books the scan could not read. */
        ParseStatusFilter: components["schemas"]["ParseStatus"];
        /** @description Only series with this status (a value of `GET /series/statuses`). */
        SeriesStatusFilter: components["schemas"]["SeriesStatus"];
        /** @description `true`: only series missing volumes; `false`: only series missing none. */
        HasMissingFilter: boolean;
        /**
         * @description Which facets to count (repeatable); every facet when absent. Asking only for those a screen shows saves the
         *     server the others.
         */
        FacetSelection: components["schemas"]["FacetName"][];
        /** @description Identifier of the library. */
        LibraryId: string;
        /** @description Identifier of the book. */
        BookId: string;
        /** @description Identifier of the user. */
        UserId: string;
        /** @description Identifier of the API token. */
        TokenId: string;
        /** @description Identifier of the metadata link. */
        LinkId: string;
        /** @description Identifier of the job. */
        JobId: string;
        /** @description Identifier of a queue entry (`ImportEntry.id`). */
        ImportId: string;
        /** @description Identifier of a history row (`ImportRecord.id`). */
        ImportRecordId: string;
        /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
        SeriesId: string;
        /**
         * @description The series name, URL-encoded as one path segment. Names may contain `/` (`%2F`), `%` (`%25`), `?` (`%3F`),
         *     `#` (`%23`), `+` (`%2B`; a literal `+` in a path is a plus sign, not a space), spaces (`%20`), accents
         *     (UTF-8, percent-encoded) and quotes. Matched exactly against the series name.
         */
        SeriesName: string;
    };
    requestBodies: never;
    headers: {
        /** @description The session cookie, e.g. `shelfmark_session=…; Path=/; HttpOnly; SameSite=Lax`. */
        SetSessionCookie: string;
        /** @description Where the browser goes next. */
        RedirectLocation: string;
        /** @description Clears the session cookie (`shelfmark_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`). */
        ClearSessionCookie: string;
        /** @description Always `bytes`. */
        AcceptRanges: "bytes";
        /** @description `attachment` with the file name, e.g. `attachment; filename="One Piece T01.cbz"`. */
        ContentDisposition: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getAuthStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Setup and authentication state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    setupAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Credentials"];
            };
        };
        responses: {
            /** @description The admin account, created; the session cookie is set. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Credentials"];
            };
        };
        responses: {
            /** @description Logged in; the session cookie is set. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out; the session cookie is cleared. */
            204: {
                headers: {
                    "Set-Cookie": components["headers"]["ClearSessionCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    startOidcSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider, or back to the admin's sign-in page with `sso_error`. */
            302: {
                headers: {
                    Location: components["headers"]["RedirectLocation"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    finishOidcSignIn: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                iss?: string;
                session_state?: string;
                error?: string;
                error_description?: string;
                error_uri?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in (to the admin), or back to the admin's sign-in page with `sso_error`. */
            302: {
                headers: {
                    Location: components["headers"]["RedirectLocation"];
                    "Set-Cookie": components["headers"]["SetSessionCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    endOidcSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's end of session, or to the admin. */
            303: {
                headers: {
                    Location: components["headers"]["RedirectLocation"];
                    "Set-Cookie": components["headers"]["ClearSessionCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getCurrentPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Principal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens (not paged; they are few). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiTokenCreate"];
            };
        };
        responses: {
            /** @description The token, with its secret (shown only this once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the API token. */
                token_id: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users (not paged; they are few). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The user, created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the user. */
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the user. */
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the user. */
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserAdminUpdate"];
            };
        };
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listLibraries: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of libraries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LibraryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LibraryCreate"];
            };
        };
        responses: {
            /** @description The library, created, with its first scan (queued). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LibraryCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The library. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Library"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LibraryUpdate"];
            };
        };
        responses: {
            /** @description The updated library. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Library"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    scanLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ScanRequest"];
            };
        };
        responses: {
            /** @description A scan of this library is already queued or running; this is that job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The scan job, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listLibrarySeries: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
                q?: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSeriesMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
                /**
                 * @description The series name, URL-encoded as one path segment. Names may contain `/` (`%2F`), `%` (`%25`), `?` (`%3F`),
                 *     `#` (`%23`), `+` (`%2B`; a literal `+` in a path is a plus sign, not a space), spaces (`%20`), accents
                 *     (UTF-8, percent-encoded) and quotes. Matched exactly against the series name.
                 */
                series_name: components["parameters"]["SeriesName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SeriesMetadataUpdate"];
            };
        };
        responses: {
            /** @description The updated series metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesMetadata"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getSeriesMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the library. */
                library_id: components["parameters"]["LibraryId"];
                /**
                 * @description The series name, URL-encoded as one path segment. Names may contain `/` (`%2F`), `%` (`%25`), `?` (`%3F`),
                 *     `#` (`%23`), `+` (`%2B`; a literal `+` in a path is a plus sign, not a space), spaces (`%20`), accents
                 *     (UTF-8, percent-encoded) and quotes. Matched exactly against the series name.
                 */
                series_name: components["parameters"]["SeriesName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesMetadata"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    previewNamingTemplate: {
        parameters: {
            query: {
                /** @description The template, percent-encoded or with its `/` and braces as they are. */
                template: components["schemas"]["NamingTemplate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The example paths. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamingPreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listFolders: {
        parameters: {
            query?: {
                /** @description Folder to browse, relative to `LIBRARIES_ROOT`, POSIX separators (e.g. `comics/manga`), as `GET /folders` returns it; reserved characters such as `/` may be sent as they are or percent-encoded. */
                path?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subfolders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listBooks: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
                q?: components["parameters"]["SearchQuery"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /** @description Only books of the series with exactly this name. */
                series?: components["parameters"]["SeriesNameFilter"];
                /** @description Only items with this reading status. */
                reading_status?: components["parameters"]["ReadingStatusFilter"];
                /** @description Only books of this format. */
                format?: components["parameters"]["BookFormatFilter"];
                /** @description Only books whose file is in this state; `error` lists the books the scan could not read. */
                parse_status?: components["parameters"]["ParseStatusFilter"];
                /**
                 * @description Only items whose genres include one of these, exactly as stored (repeat the parameter for more: any of them
                 *     matches). A series matches on its own genres, a book on its own.
                 * @example [
                 *       "Aventure"
                 *     ]
                 */
                genre?: components["parameters"]["GenreFilter"];
                /**
                 * @description Only items whose publishers include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "Dargaud"
                 *     ]
                 */
                publisher?: components["parameters"]["PublisherFilter"];
                /**
                 * @description Only items whose tags include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "cavalry"
                 *     ]
                 */
                tag?: components["parameters"]["TagFilter"];
                /**
                 * @description Only items credited to one of these people, by name exactly as stored (repeatable; any matches). With
                 *     `author_role`, the person must hold one of those roles.
                 * @example [
                 *       "Goscinny"
                 *     ]
                 */
                author?: components["parameters"]["AuthorFilter"];
                /**
                 * @description Only items with a credit in one of these roles (repeatable; any matches). With `author`, it applies to every
                 *     `author` given: an item matches when one of those people holds one of these roles on it.
                 * @example [
                 *       "writer"
                 *     ]
                 */
                author_role?: components["parameters"]["AuthorRoleFilter"];
                /**
                 * @description The largest `age_rating_age` allowed: items rated for an older age are left out. Items without an
                 *     `age_rating_age` follow `unrated`.
                 * @example 12
                 */
                age_max?: components["parameters"]["AgeMaxFilter"];
                /**
                 * @description Whether items without an `age_rating_age` (no rating, or one not in the table) are kept: `include` (the
                 *     default) keeps them, `exclude` leaves them out (with or without `age_max`).
                 */
                unrated?: components["parameters"]["UnratedFilter"];
                /**
                 * @description Only items in one of these languages, by tag exactly as stored (`fr`, `en-US`; repeatable).
                 * @example [
                 *       "fr"
                 *     ]
                 */
                language?: components["parameters"]["LanguageFilter"];
                /**
                 * @description Only items of this year or later: a series' `start_year`, a book's `publish_date` year. Items without a
                 *     year are left out when `year_from` or `year_to` is given.
                 */
                year_from?: components["parameters"]["YearFromFilter"];
                /** @description Only items of this year or earlier (as `year_from`); `year_to` below `year_from` matches nothing. */
                year_to?: components["parameters"]["YearToFilter"];
                /**
                 * @description Only books whose `comic_format` (ComicInfo's `Format`, e.g. `Trade Paperback`) is one of these, exactly as
                 *     stored (repeatable); a series matches when one of its books does.
                 * @example [
                 *       "Trade Paperback"
                 *     ]
                 */
                comic_format?: components["parameters"]["ComicFormatFilter"];
                /**
                 * @description Only books in one of these story arcs, by name exactly as stored (repeatable); a series matches when one of
                 *     its books does.
                 * @example [
                 *       "Civil War"
                 *     ]
                 */
                story_arc?: components["parameters"]["StoryArcFilter"];
                /** @description Order of the results. */
                sort?: "series" | "title" | "recently_added" | "recently_read";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of books. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listBookFacets: {
        parameters: {
            query?: {
                /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
                q?: components["parameters"]["SearchQuery"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /** @description Only books of the series with exactly this name. */
                series?: components["parameters"]["SeriesNameFilter"];
                /** @description Only items with this reading status. */
                reading_status?: components["parameters"]["ReadingStatusFilter"];
                /** @description Only books of this format. */
                format?: components["parameters"]["BookFormatFilter"];
                /** @description Only books whose file is in this state; `error` lists the books the scan could not read. */
                parse_status?: components["parameters"]["ParseStatusFilter"];
                /**
                 * @description Only items whose genres include one of these, exactly as stored (repeat the parameter for more: any of them
                 *     matches). A series matches on its own genres, a book on its own.
                 * @example [
                 *       "Aventure"
                 *     ]
                 */
                genre?: components["parameters"]["GenreFilter"];
                /**
                 * @description Only items whose publishers include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "Dargaud"
                 *     ]
                 */
                publisher?: components["parameters"]["PublisherFilter"];
                /**
                 * @description Only items whose tags include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "cavalry"
                 *     ]
                 */
                tag?: components["parameters"]["TagFilter"];
                /**
                 * @description Only items credited to one of these people, by name exactly as stored (repeatable; any matches). With
                 *     `author_role`, the person must hold one of those roles.
                 * @example [
                 *       "Goscinny"
                 *     ]
                 */
                author?: components["parameters"]["AuthorFilter"];
                /**
                 * @description Only items with a credit in one of these roles (repeatable; any matches). With `author`, it applies to every
                 *     `author` given: an item matches when one of those people holds one of these roles on it.
                 * @example [
                 *       "writer"
                 *     ]
                 */
                author_role?: components["parameters"]["AuthorRoleFilter"];
                /**
                 * @description The largest `age_rating_age` allowed: items rated for an older age are left out. Items without an
                 *     `age_rating_age` follow `unrated`.
                 * @example 12
                 */
                age_max?: components["parameters"]["AgeMaxFilter"];
                /**
                 * @description Whether items without an `age_rating_age` (no rating, or one not in the table) are kept: `include` (the
                 *     default) keeps them, `exclude` leaves them out (with or without `age_max`).
                 */
                unrated?: components["parameters"]["UnratedFilter"];
                /**
                 * @description Only items in one of these languages, by tag exactly as stored (`fr`, `en-US`; repeatable).
                 * @example [
                 *       "fr"
                 *     ]
                 */
                language?: components["parameters"]["LanguageFilter"];
                /**
                 * @description Only items of this year or later: a series' `start_year`, a book's `publish_date` year. Items without a
                 *     year are left out when `year_from` or `year_to` is given.
                 */
                year_from?: components["parameters"]["YearFromFilter"];
                /** @description Only items of this year or earlier (as `year_from`); `year_to` below `year_from` matches nothing. */
                year_to?: components["parameters"]["YearToFilter"];
                /**
                 * @description Only books whose `comic_format` (ComicInfo's `Format`, e.g. `Trade Paperback`) is one of these, exactly as
                 *     stored (repeatable); a series matches when one of its books does.
                 * @example [
                 *       "Trade Paperback"
                 *     ]
                 */
                comic_format?: components["parameters"]["ComicFormatFilter"];
                /**
                 * @description Only books in one of these story arcs, by name exactly as stored (repeatable); a series matches when one of
                 *     its books does.
                 * @example [
                 *       "Civil War"
                 *     ]
                 */
                story_arc?: components["parameters"]["StoryArcFilter"];
                /**
                 * @description Which facets to count (repeatable); every facet when absent. Asking only for those a screen shows saves the
                 *     server the others.
                 */
                facet?: components["parameters"]["FacetSelection"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count of each value of each facet asked for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "genre": [
                     *         {
                     *           "value": "Action",
                     *           "count": 12
                     *         },
                     *         {
                     *           "value": "Aventure",
                     *           "count": 7
                     *         }
                     *       ],
                     *       "age_max": [
                     *         {
                     *           "value": 10,
                     *           "count": 5
                     *         },
                     *         {
                     *           "value": null,
                     *           "count": 14
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Facets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listOnDeckBooks: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of books, one per series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getBook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The book. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateBook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookUpdate"];
            };
        };
        responses: {
            /** @description The updated book. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    downloadBookFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description A single byte range, e.g. `bytes=0-1048575`. */
                Range?: string;
            };
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.comicbook+zip": components["schemas"]["Binary"];
                    "application/vnd.comicbook-rar": components["schemas"]["Binary"];
                    "application/pdf": components["schemas"]["Binary"];
                    "application/epub+zip": components["schemas"]["Binary"];
                };
            };
            /** @description The requested byte range of the file. */
            206: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    /** @description The range sent and the full size, e.g. `bytes 0-1048575/73400320`. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.comicbook+zip": components["schemas"]["Binary"];
                    "application/vnd.comicbook-rar": components["schemas"]["Binary"];
                    "application/pdf": components["schemas"]["Binary"];
                    "application/epub+zip": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The range is outside the file. */
            416: {
                headers: {
                    /** @description The full size, e.g. `bytes *\/73400320`. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBookPages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The book's pages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookPageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getBookPage: {
        parameters: {
            query?: {
                /** @description Maximum width in pixels of the returned image. */
                width?: number;
            };
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
                /** @description 1-based page number. */
                page: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                    "image/png": components["schemas"]["Binary"];
                    "image/webp": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getBookThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": components["schemas"]["Binary"];
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    setBookProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the book. */
                book_id: components["parameters"]["BookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadingProgressUpdate"];
            };
        };
        responses: {
            /** @description The reading progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingProgress"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["NoReader"];
        };
    };
    listSeries: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
                q?: components["parameters"]["SearchQuery"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /** @description Only items with this reading status. */
                reading_status?: components["parameters"]["ReadingStatusFilter"];
                /** @description Only series with this status (a value of `GET /series/statuses`). */
                series_status?: components["parameters"]["SeriesStatusFilter"];
                /** @description `true`: only series missing volumes; `false`: only series missing none. */
                has_missing?: components["parameters"]["HasMissingFilter"];
                /**
                 * @description Only items whose genres include one of these, exactly as stored (repeat the parameter for more: any of them
                 *     matches). A series matches on its own genres, a book on its own.
                 * @example [
                 *       "Aventure"
                 *     ]
                 */
                genre?: components["parameters"]["GenreFilter"];
                /**
                 * @description Only items whose publishers include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "Dargaud"
                 *     ]
                 */
                publisher?: components["parameters"]["PublisherFilter"];
                /**
                 * @description Only items whose tags include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "cavalry"
                 *     ]
                 */
                tag?: components["parameters"]["TagFilter"];
                /**
                 * @description Only items credited to one of these people, by name exactly as stored (repeatable; any matches). With
                 *     `author_role`, the person must hold one of those roles.
                 * @example [
                 *       "Goscinny"
                 *     ]
                 */
                author?: components["parameters"]["AuthorFilter"];
                /**
                 * @description Only items with a credit in one of these roles (repeatable; any matches). With `author`, it applies to every
                 *     `author` given: an item matches when one of those people holds one of these roles on it.
                 * @example [
                 *       "writer"
                 *     ]
                 */
                author_role?: components["parameters"]["AuthorRoleFilter"];
                /**
                 * @description The largest `age_rating_age` allowed: items rated for an older age are left out. Items without an
                 *     `age_rating_age` follow `unrated`.
                 * @example 12
                 */
                age_max?: components["parameters"]["AgeMaxFilter"];
                /**
                 * @description Whether items without an `age_rating_age` (no rating, or one not in the table) are kept: `include` (the
                 *     default) keeps them, `exclude` leaves them out (with or without `age_max`).
                 */
                unrated?: components["parameters"]["UnratedFilter"];
                /**
                 * @description Only items in one of these languages, by tag exactly as stored (`fr`, `en-US`; repeatable).
                 * @example [
                 *       "fr"
                 *     ]
                 */
                language?: components["parameters"]["LanguageFilter"];
                /**
                 * @description Only items of this year or later: a series' `start_year`, a book's `publish_date` year. Items without a
                 *     year are left out when `year_from` or `year_to` is given.
                 */
                year_from?: components["parameters"]["YearFromFilter"];
                /** @description Only items of this year or earlier (as `year_from`); `year_to` below `year_from` matches nothing. */
                year_to?: components["parameters"]["YearToFilter"];
                /**
                 * @description Only books whose `comic_format` (ComicInfo's `Format`, e.g. `Trade Paperback`) is one of these, exactly as
                 *     stored (repeatable); a series matches when one of its books does.
                 * @example [
                 *       "Trade Paperback"
                 *     ]
                 */
                comic_format?: components["parameters"]["ComicFormatFilter"];
                /**
                 * @description Only books in one of these story arcs, by name exactly as stored (repeatable); a series matches when one of
                 *     its books does.
                 * @example [
                 *       "Civil War"
                 *     ]
                 */
                story_arc?: components["parameters"]["StoryArcFilter"];
                /** @description Order of the results (see the operation's description for each key and its ties). */
                sort?: "name_asc" | "name_desc" | "added_asc" | "added_desc" | "updated_asc" | "updated_desc" | "year_asc" | "year_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSeriesFacets: {
        parameters: {
            query?: {
                /** @description Case- and accent-insensitive partial match. Empty (`q=`) is no filter. */
                q?: components["parameters"]["SearchQuery"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /** @description Only items with this reading status. */
                reading_status?: components["parameters"]["ReadingStatusFilter"];
                /** @description Only series with this status (a value of `GET /series/statuses`). */
                series_status?: components["parameters"]["SeriesStatusFilter"];
                /** @description `true`: only series missing volumes; `false`: only series missing none. */
                has_missing?: components["parameters"]["HasMissingFilter"];
                /**
                 * @description Only items whose genres include one of these, exactly as stored (repeat the parameter for more: any of them
                 *     matches). A series matches on its own genres, a book on its own.
                 * @example [
                 *       "Aventure"
                 *     ]
                 */
                genre?: components["parameters"]["GenreFilter"];
                /**
                 * @description Only items whose publishers include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "Dargaud"
                 *     ]
                 */
                publisher?: components["parameters"]["PublisherFilter"];
                /**
                 * @description Only items whose tags include one of these, exactly as stored (repeatable; any matches).
                 * @example [
                 *       "cavalry"
                 *     ]
                 */
                tag?: components["parameters"]["TagFilter"];
                /**
                 * @description Only items credited to one of these people, by name exactly as stored (repeatable; any matches). With
                 *     `author_role`, the person must hold one of those roles.
                 * @example [
                 *       "Goscinny"
                 *     ]
                 */
                author?: components["parameters"]["AuthorFilter"];
                /**
                 * @description Only items with a credit in one of these roles (repeatable; any matches). With `author`, it applies to every
                 *     `author` given: an item matches when one of those people holds one of these roles on it.
                 * @example [
                 *       "writer"
                 *     ]
                 */
                author_role?: components["parameters"]["AuthorRoleFilter"];
                /**
                 * @description The largest `age_rating_age` allowed: items rated for an older age are left out. Items without an
                 *     `age_rating_age` follow `unrated`.
                 * @example 12
                 */
                age_max?: components["parameters"]["AgeMaxFilter"];
                /**
                 * @description Whether items without an `age_rating_age` (no rating, or one not in the table) are kept: `include` (the
                 *     default) keeps them, `exclude` leaves them out (with or without `age_max`).
                 */
                unrated?: components["parameters"]["UnratedFilter"];
                /**
                 * @description Only items in one of these languages, by tag exactly as stored (`fr`, `en-US`; repeatable).
                 * @example [
                 *       "fr"
                 *     ]
                 */
                language?: components["parameters"]["LanguageFilter"];
                /**
                 * @description Only items of this year or later: a series' `start_year`, a book's `publish_date` year. Items without a
                 *     year are left out when `year_from` or `year_to` is given.
                 */
                year_from?: components["parameters"]["YearFromFilter"];
                /** @description Only items of this year or earlier (as `year_from`); `year_to` below `year_from` matches nothing. */
                year_to?: components["parameters"]["YearToFilter"];
                /**
                 * @description Only books whose `comic_format` (ComicInfo's `Format`, e.g. `Trade Paperback`) is one of these, exactly as
                 *     stored (repeatable); a series matches when one of its books does.
                 * @example [
                 *       "Trade Paperback"
                 *     ]
                 */
                comic_format?: components["parameters"]["ComicFormatFilter"];
                /**
                 * @description Only books in one of these story arcs, by name exactly as stored (repeatable); a series matches when one of
                 *     its books does.
                 * @example [
                 *       "Civil War"
                 *     ]
                 */
                story_arc?: components["parameters"]["StoryArcFilter"];
                /**
                 * @description Which facets to count (repeatable); every facet when absent. Asking only for those a screen shows saves the
                 *     server the others.
                 */
                facet?: components["parameters"]["FacetSelection"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count of each value of each facet asked for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "genre": [
                     *         {
                     *           "value": "Action",
                     *           "count": 12
                     *         },
                     *         {
                     *           "value": "Aventure",
                     *           "count": 7
                     *         }
                     *       ],
                     *       "age_max": [
                     *         {
                     *           "value": 10,
                     *           "count": 5
                     *         },
                     *         {
                     *           "value": null,
                     *           "count": 14
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Facets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSeriesStatuses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statuses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesStatusList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    markSeriesRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkSeriesReadRequest"];
            };
        };
        responses: {
            /** @description The number of books changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkSeriesReadResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["NoReader"];
        };
    };
    getSeries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSeries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SeriesMetadataUpdate"];
            };
        };
        responses: {
            /** @description The updated series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    editSeriesLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SeriesLabelsEdit"];
            };
        };
        responses: {
            /** @description How many of the series named exist (and were edited). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesLabelsEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSeriesLabels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series' labels, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesLabels"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    setSeriesLabels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SeriesLabels"];
            };
        };
        responses: {
            /** @description The series' labels now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesLabels"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The labels. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabelList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSeriesBooks: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of books. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listSeriesLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getSeriesReaderSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's reader settings for the series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReaderSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    setSeriesReaderSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReaderSettingsUpdate"];
            };
        };
        responses: {
            /** @description The caller's reader settings for the series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReaderSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["NoReader"];
        };
    };
    chooseSeriesCover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SeriesCoverChoiceUpdate"];
            };
        };
        responses: {
            /** @description The series with its new cover. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getSeriesCoverImage: {
        parameters: {
            query?: {
                /** @description The upload's version, as `cover_url` writes it; only there to give each image its own address. */
                v?: string;
            };
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cover. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    uploadSeriesCover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image (JPEG, PNG or WebP).
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description The series with its new cover. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getRemoteCover: {
        parameters: {
            query: {
                /** @description The provider's address of the cover (http or https). */
                u: string;
                /** @description The server's signature of `u`. */
                s: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cover, re-encoded; the same `u` and `s` always answer the same image. */
            200: {
                headers: {
                    /** @description `private, max-age=31536000, immutable` */
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            /** @description The copy the client holds (`If-None-Match`) is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    searchMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataSearchRequest"];
            };
        };
        responses: {
            /** @description The candidates, best first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CandidateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            502: components["responses"]["BadGateway"];
        };
    };
    matchMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataMatchRequest"];
            };
        };
        responses: {
            /** @description The link, pending approval. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            502: components["responses"]["BadGateway"];
        };
    };
    approveMetadataLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approved link and the sync report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApproveResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            502: components["responses"]["BadGateway"];
        };
    };
    rejectMetadataLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rejected link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listMetadataLinks: {
        parameters: {
            query: {
                /** @description The library of the series. */
                library_id: string;
                /** @description Only the links of this status. */
                status?: components["schemas"]["MetadataLinkStatus"];
                /** @description Without `series_name`, the most links listed. */
                limit?: number;
                /** @description The series name; without it, the links of the whole library. */
                series_name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    previewMetadataLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields of the series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataLinkPreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            502: components["responses"]["BadGateway"];
        };
    };
    deleteMetadataLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getMissingVolumes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the metadata link. */
                link_id: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The missing volumes and counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingVolumes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    startMetadataBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataBatchRequest"];
            };
        };
        responses: {
            /** @description A batch of this library is already queued or running; this is that job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The batch job, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getMetadataBatchReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listMetadataBatchResults: {
        parameters: {
            query?: {
                /** @description Only results with this outcome. */
                status?: components["schemas"]["BatchOutcome"];
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResultPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    startMetadataRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LibraryJobRequest"];
            };
        };
        responses: {
            /** @description A refresh of this library is already queued or running; this is that job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The refresh job, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getMetadataRefreshReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listStatusMappings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mappings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMappingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    upsertStatusMapping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusMappingUpsert"];
            };
        };
        responses: {
            /** @description The mapping. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMapping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    unmapStatusMapping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the status mapping. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mapping, now unmapped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMapping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listWanted: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /** @description Only the volumes of this series. */
                series_id?: string;
                /** @description Only series with this status (a value of `GET /series/statuses`). */
                series_status?: components["parameters"]["SeriesStatusFilter"];
                /** @description Only the volumes with this status. */
                status?: components["schemas"]["WantedStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of wanted volumes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WantedPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    searchReleases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReleaseSearchRequest"];
            };
        };
        responses: {
            /** @description The releases and the queries sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseSearchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
            502: components["responses"]["BadGateway"];
        };
    };
    startReleaseSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReleaseSearchJobRequest"];
            };
        };
        responses: {
            /** @description The search job, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listReleaseCandidates: {
        parameters: {
            query: {
                series_id: string;
                volume?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The candidates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ReleaseCandidate"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    grabRelease: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GrabRequest"];
            };
        };
        responses: {
            /** @description The grab, as recorded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseGrab"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listImports: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the queue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportEntryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    importQueuedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a queue entry (`ImportEntry.id`). */
                import_id: components["parameters"]["ImportId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportChoice"];
            };
        };
        responses: {
            /** @description The entry, now imported. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    ignoreImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a queue entry (`ImportEntry.id`). */
                import_id: components["parameters"]["ImportId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry, now ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportEntry"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listImportHistory: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the history. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportRecordPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    undoImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a history row (`ImportRecord.id`). */
                record_id: components["parameters"]["ImportRecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history row, now undone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportRecord"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listReleaseGrabs: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                status?: components["schemas"]["GrabStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of grabs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseGrabPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    testReleaseIndexer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result of the check. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseTestResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    startBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A backup is already queued or running; this is that job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The backup job, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    downloadBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A backup's name as the list gives it, e.g. `shelfmark-2026-11-25T03-00-00.123Z.sqlite`. Never a path: a name
                 *     of another shape (a folder, `..`, a backup still being written) is a 400, a name the list does not give a 404.
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup's bytes. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    /** @description The backup's size in bytes. */
                    "Content-Length": number;
                    /** @description Always `no-store`. */
                    "Cache-Control"?: "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.sqlite3": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Only jobs of this type. */
                type?: components["schemas"]["JobType"];
                /** @description Only jobs in this status. */
                status?: components["schemas"]["JobStatus"];
                /** @description Only items of this library. */
                library_id?: components["parameters"]["LibraryIdFilter"];
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation requested; the job as it is now. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    streamJobEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `id` of the last event the client got, when it reconnects. */
                "Last-Event-ID"?: string;
            };
            path: {
                /** @description Identifier of the job. */
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id: 1.40.0.0
                     *     event: progress
                     *     data: {"id":"7e1f9c2a-4b3d-4c5e-8f60-718293a4b5c6","type":"scan","status":"running", ...}
                     *
                     *     id: 2.120.1.0
                     *     event: end
                     *     data: {"id":"7e1f9c2a-4b3d-4c5e-8f60-718293a4b5c6","type":"scan","status":"succeeded", ...}
                     */
                    "text/event-stream": string;
                };
            };
            /** @description The job has finished and `Last-Event-ID` is its `end` event's id; nothing more to send. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listPlugins: {
        parameters: {
            query?: never;
            header?: {
                /** @description The languages the caller reads, as HTTP says (`fr`, `fr-CA, en;q=0.5`). Absent: English. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plugins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PluginList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listCollections: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Only the collections holding this series. */
                series_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CollectionCreate"];
            };
        };
        responses: {
            /** @description The new collection. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CollectionUpdate"];
            };
        };
        responses: {
            /** @description The updated collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listCollectionSeries: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description Identifier of the collection. */
                collection_id: components["parameters"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listReadingLists: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reading lists. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadingListCreate"];
            };
        };
        responses: {
            /** @description The new reading list. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["NoReader"];
        };
    };
    importReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The `.cbl` file (ComicRack's XML reading list).
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The new reading list and its import report. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingListImported"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["NoReader"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getReadingListImportReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CblImportReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    matchReadingListImportAgain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report after matching again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CblImportReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    chooseReadingListImportCandidate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
                /** @description The entry's `index` in the report (its place in the file, from 0). */
                entry_index: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CblImportChoice"];
            };
        };
        responses: {
            /** @description The report with the entry matched. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CblImportReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reading list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadingListUpdate"];
            };
        };
        responses: {
            /** @description The updated reading list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    shareReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadingListSharing"];
            };
        };
        responses: {
            /** @description The reading list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listReadingListBooks: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of books. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BooksPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportReadingList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the reading list. */
                reading_list_id: components["parameters"]["ReadingListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The `.cbl` file. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listWantToRead: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    addWantToRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series is on the caller's shelf. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["NoReader"];
        };
    };
    removeWantToRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the series (`SeriesItem.id`, `Book.series_id`). */
                series_id: components["parameters"]["SeriesId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series is not on the caller's shelf. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listSavedFilters: {
        parameters: {
            query?: {
                /**
                 * @description 1-based page number. At most 1,000,000, so that the offset (page − 1) × limit stays below 2^31 on every
                 *     database; a page past the end is an empty page.
                 */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                limit?: components["parameters"]["Limit"];
                /** @description Only the saved filters of this list. */
                target?: components["schemas"]["SavedFilterTarget"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of saved filters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedFilterPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createSavedFilter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedFilterCreate"];
            };
        };
        responses: {
            /** @description The saved filter. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedFilter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getSavedFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the saved filter. */
                saved_filter_id: components["parameters"]["SavedFilterId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedFilter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteSavedFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the saved filter. */
                saved_filter_id: components["parameters"]["SavedFilterId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSavedFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the saved filter. */
                saved_filter_id: components["parameters"]["SavedFilterId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedFilterUpdate"];
            };
        };
        responses: {
            /** @description The updated saved filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedFilter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    uploadBookFile: {
        parameters: {
            query?: {
                /** @description The series the book belongs to; the book is imported into it. */
                series_id?: string;
                /** @description The library the book is meant for; the match looks only at its series. */
                library_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The book (CBZ, CBR, CB7, PDF or EPUB).
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The file was taken in; `outcome` says whether it was imported or waits in the import queue. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookUpload"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
}
