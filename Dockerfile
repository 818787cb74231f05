# syntax=docker/dockerfile:1
#
# Agentry: one image for the API (default command) and the indexer (docker-compose.yml runs it with
# `node --import tsx indexer/src/main.ts`). The servers run their TypeScript sources through tsx, as
# `npm start` does; only the web client is compiled (client/dist).
#
#   docker build -t agentry .
#   docker run -p 3000:3000 -e SESSION_SECRET=<32+ characters> -v agentry-data:/app/data agentry
#
# With no MONGODB_URI / MEILI_HOST the container runs on embedded SQLite + embedded search in
# /app/data (keep it on a volume). NODE_ENV is production, so SESSION_SECRET is required.
#
# tsx at run time: tsx is a root devDependency, and `npm ci --omit=dev` leaves it out, yet every
# process starts with `node --import tsx`. Keeping all dev dependencies would ship jest, vite, biome
# and the type checker too. Instead the prod-deps stage installs tsx alone, at the exact version of
# package-lock.json, into its own prefix (/opt/tsx, with its own esbuild), and links it as
# /app/node_modules/tsx, where `--import tsx` resolves it from /app. The workspace tree stays exactly
# what `npm ci --omit=dev` made of the lockfile. The runtime stage checks at build time that the
# servers' modules load with it.

ARG NODE_IMAGE=node:20-bookworm-slim

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

# --- build: all dependencies, then the web client (vite) --------------------------------------------
FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# --- prod-deps: production dependencies plus tsx (see the note at the top) --------------------------
FROM toolchain AS prod-deps
# npm releases that block dependency install scripts unless package.json allows them (allowScripts)
# skip better-sqlite3's build; it is then built explicitly, so the image works with either kind.
RUN npm ci --omit=dev \
  && (node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null \
    || npm --prefix node_modules/better-sqlite3 run build-release) \
  && TSX_VERSION="$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")" \
  && npm install --global --prefix /opt/tsx "tsx@${TSX_VERSION}" \
  && ln -s /opt/tsx/lib/node_modules/tsx node_modules/tsx

# --- runtime -----------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /opt/tsx /opt/tsx
# The whole /app of prod-deps: node_modules (with the workspace symlinks and the tsx link, which a
# directory copy keeps as links), nested workspace node_modules and the package.json files.
COPY --from=prod-deps /app ./
COPY . .
COPY --from=build /app/client/dist ./client/dist
# Fails the build, not the first start, if a runtime dependency is missing from the production tree.
RUN node --import tsx --eval "require('./server/src/start.ts'); require('./indexer/src/sync-loop.ts')" \
  && mkdir -p /app/data \
  && chown node:node /app/data
# Sources stay root-owned and read-only to the process; only DATA_DIR is writable.
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Healthy = ready to serve: /readyz answers 200 once the store, the search engine and the mail
# transport answer, 503 while starting, when one does not and from SIGTERM on (/healthz is the
# liveness probe: 200 as long as the process answers). No curl in the slim image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node receives SIGTERM directly (exec form) and shuts down gracefully (server/src/main.ts): it
# drains in-flight requests for up to SHUTDOWN_TIMEOUT_MS (10 s), closes the store and exits 0;
# give `docker stop` more time than that (docker-compose.yml: stop_grace_period).
# Same arguments as `npm start` (scripts/bin/api-node-args.cjs): tsx, and a 512 MB old-generation
# cap so the heap does not grow to several times its live size under load.
CMD ["node", "--import", "tsx", "--max-old-space-size=512", "server/src/main.ts"]
