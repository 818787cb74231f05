# syntax=docker/dockerfile:1
#
# Rolecall: one image for the API (default command) and the indexer (docker-compose.yml runs it with
# `node --enable-source-maps dist/indexer.js`). Production runs compiled JavaScript: the build stage
# compiles the servers and CLIs into dist/ (`npm run build`: esbuild bundles with the workspaces
# inlined, the pure-JavaScript npm packages an API worker loads before it serves compiled in and the
# others left as require()s, scripts/src/build/) and the client into client/dist;
# the runtime stage holds those, the production node_modules and docs/openapi.yaml, and no
# TypeScript, tsx or development dependency. Source maps (dist/*.js.map) make stack traces name the
# .ts lines.
#
#   docker build -t agentry .
#   docker run -p 3000:3000 -e SESSION_SECRET=<32+ characters> -v agentry-data:/app/data agentry
#
# With no MONGODB_URI / MEILI_HOST the container runs on embedded SQLite + embedded search in
# /app/data (keep it on a volume). NODE_ENV is production, so SESSION_SECRET is required.
#
# The CLIs run from the same image, e.g.
#   docker run --rm -v agentry-data:/app/data -v "$PWD:/in:ro" agentry node --enable-source-maps dist/import.js /in/agents.xlsx
#   (also dist/reindex.js [--check], dist/admin-create.js, dist/admin-totp.js USERNAME, dist/indexer.js,
#   dist/migrate.js, which docker-compose.yml runs before the API and the indexer, and
#   dist/meili-keys.js, its one-off meili-keys service)

# Node 24: a maintained LTS line (Node 20 reached its end of life in April 2026). The code needs
# Node >= 20.19 (package.json engines) and is tested on Node 20 here, the version our machines have;
# pass --build-arg NODE_IMAGE=node:20-bookworm-slim to run exactly what the tests ran.
ARG NODE_IMAGE=node:24-bookworm-slim

# --- toolchain: what node-gyp needs if better-sqlite3 has no prebuilt binary for this platform ------
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Build native modules against the headers shipped in the image instead of downloading them.
ENV npm_config_nodedir=/usr/local \
  npm_config_update_notifier=false \
  npm_config_fund=false \
  npm_config_audit=false
WORKDIR /app
# Every workspace's package.json (npm ci needs them all); sources come later so that this layer and
# the install below are cached until a dependency changes.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY server/package.json server/
COPY indexer/package.json indexer/
COPY scripts/package.json scripts/
COPY client/package.json client/

# --- build: all dependencies, then the web client (vite) and the servers (esbuild, into dist/) --------
FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# --- prod-deps: production dependencies only ---------------------------------------------------------
FROM toolchain AS prod-deps
# npm releases that block dependency install scripts unless package.json allows them (allowScripts)
# skip better-sqlite3's build; it is then built explicitly, so the image works with either kind.
RUN npm ci --omit=dev \
  && (node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null \
    || npm --prefix node_modules/better-sqlite3 run build-release)

# --- runtime -----------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
# The bundles require npm packages from /app/node_modules (the one beside dist/; the build fails if a
# bundle needs one that is not installed there for production, scripts/src/build/check-externals.ts).
# The workspace links under node_modules/@agentry dangle here: the bundles have them compiled in.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
# Read at run time, relative to where their modules' sources were (scripts/src/build/source-dirname-plugin.ts).
COPY docs/openapi.yaml ./docs/openapi.yaml
COPY scripts/bin/check-runtime-deps.cjs ./scripts/bin/
# Fails the build, not the first start, if a package a bundle loads is missing from the production
# tree: loads each one from dist/ the way the bundles do (nothing of ours starts).
RUN node scripts/bin/check-runtime-deps.cjs \
  && mkdir -p /app/data \
  && chown node:node /app/data
# Code stays root-owned and read-only to the process; only DATA_DIR is writable.
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Healthy = ready to serve: /readyz answers 200 once the store answers (status "degraded" when the
# search engine or the mail transport does not: the API still serves), 503 while starting, when the
# store does not answer and from SIGTERM on (/healthz is the liveness probe: 200 as long as the
# process answers). No curl in the slim image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node receives SIGTERM directly (exec form) and shuts down gracefully (server/src/main.ts): it
# drains in-flight requests for up to SHUTDOWN_TIMEOUT_MS (10 s), closes the store and exits 0;
# give `docker stop` more time than that (docker-compose.yml: stop_grace_period).
# Same arguments as `npm start` (scripts/bin/api-node-args.cjs): the compiled API with source maps,
# and a 512 MB old-generation cap so the heap does not grow to several times its live size under
# load. The cluster workers (WEB_CONCURRENCY) are forked from the same file with the same flags.
CMD ["node", "--enable-source-maps", "--max-old-space-size=512", "dist/api.js"]
