# Build stage: all dependencies, to build the web app and compile the server.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: "prepare" would build before the sources are copied in.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

# Runtime stage: production dependencies, the compiled server and the built web app. The
# sources stay beside them for the operations scripts (npm run replay, admin:grant, events:copy).
FROM node:22-slim
# tini as PID 1 forwards SIGTERM to node (which then closes the stores) and reaps zombies.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
# Two malloc arenas instead of glibc's eight per core: the native memory the service keeps after
# a burst of lookups grew by 30 MB over 20,000 lookups instead of 57 (scripts/bench/README.md).
# A fixed trim threshold, as npm start sets it: glibc gives freed memory back instead of keeping
# it for the next large allocation (idle 229-248 MB instead of 244-268).
ENV NODE_ENV=production \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=65536
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY . .
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/api/dist ./api/dist
# The code stays root-owned and read-only; only the embedded-mode data directory is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# node:22-slim has no curl; Node's own fetch does the probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# What npm start runs, without npm: node itself receives the signals.
CMD ["node", "--enable-source-maps", "--max-old-space-size=256", "--v8-pool-size=1", "api/dist/main.js"]
