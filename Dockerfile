# docjson: the API and website in one process. Build: docker build -t docjson .
# Not built on the machine where it was written (no Docker engine there): checked by reading only.

# 1. Production dependencies only. The devDependency `node` (the Node 24 that `npm start` finds in
#    node_modules/.bin) is left out: the image runs its own Node 24. Install scripts are skipped (the
#    only production one is tesseract.js's donation banner); nothing is downloaded at run time: the
#    Tesseract English model is the npm package @tesseract.js-data/eng, read from node_modules.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 2. Runtime: sources run by Node's type stripping (no build step), as the non-root user `node`.
FROM node:24-slim
# The allocator settings of src/malloc-env.ts (`npm start` sets the same).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY config ./config
COPY src ./src
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded SQLite store when DATABASE_URL is not set; unused (but harmless) with PostgreSQL.
VOLUME ["/data"]
EXPOSE 8080
# No curl in slim images: Node's fetch. Plain HTTP on the container's port (with TLS_CERT_FILE set,
# the service speaks HTTPS and this check must be changed).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets requests in flight finish within SHUTDOWN_GRACE_MS (30 s by default):
# give the container longer than that to stop (compose: stop_grace_period).
STOPSIGNAL SIGTERM
# The V8 heap flags of src/node-flags.ts (`npm start` passes the same).
CMD ["node", "--max-semi-space-size=16", "src/server.ts"]
