# syntax=docker/dockerfile:1
#
# Shelfmark: one Node 24 process serves the REST API, OPDS, the API documentation and the admin app.
#
#   docker build -t shelfmark .
#   docker run -p 7080:7080 -v shelfmark-data:/data -v /srv/books:/libraries:ro shelfmark
#
# Without DATABASE_URL the server keeps a SQLite database in /data; docker-compose.yml runs it with PostgreSQL.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# manifests: only package.json / package-lock.json, each in its own folder, so the install layers below are
# reused until a manifest changes (COPY --from is cached by content).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o -type f \( -name package.json -o -name package-lock.json \) -print0 \
    | xargs -0 cp --parents -t /manifests

# ---------------------------------------------------------------------------------------------------------------
# build: all dependencies, then `turbo run build` (apps/server -> apps/server/dist, apps/admin -> apps/admin/build)
FROM ${NODE_IMAGE} AS build
ENV TURBO_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
# --ignore-scripts: the only install scripts in the tree are
#  - `node` (devDependency that pins Node 24 for local work): skipped, so no node_modules/.bin/node shadows the
#    base image's Node 24, which runs the build;
#  - better-sqlite3's implicit `node-gyp rebuild`, a no-op next to its bundled prebuilds that would still need
#    python3 and make, which the slim image lacks (better-sqlite3 loads prebuilds/<platform>.node directly);
#  - @scarf/scarf: install telemetry.
# A future dependency that really needs its install script must be rebuilt explicitly: `npm rebuild <name>`.
# `npm install` (not `npm ci`) honours package-lock.json; the lock lacks turbo's binaries for other platforms
# because the registry mirror the lock was made against does not carry them, and `npm ci` refuses that.
RUN --mount=type=cache,target=/root/.npm \
    npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN mkdir -p plugins \
 && npm run build

# ---------------------------------------------------------------------------------------------------------------
# runtime: production dependencies only; the base image's Node 24 runs the server.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=7080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    LIBRARIES_ROOT=/libraries \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
# Production dependencies only (the `node` devDependency is left out); --ignore-scripts as in the build stage.
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund
# Compiled server (its migrations are compiled into dist) and the admin app (adapter-node output,
# self-contained: the server imports apps/admin/build/handler.js and mounts it).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/admin/build apps/admin/build
# Plugin workspaces (built in place, if there are any) and the OpenAPI document served at /openapi.yaml and /docs.
COPY --from=build /app/plugins plugins
COPY --from=build /app/openapi.yaml ./openapi.yaml

# Files stay owned by root (read-only for the server); only /data is writable.
RUN mkdir -p /data /libraries \
 && chown node:node /data
USER node
VOLUME /data
EXPOSE 7080

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 7080) + '/api/v1/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# V8 flags and glibc's arena count: apps/server/src/runtime-flags.ts (the reader processes set their own).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=20", "apps/server/dist/main.js"]
