# Build stage: all dependencies, to build the web app.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: "prepare" would build the web app before its sources are copied in.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build:web

# Runtime stage: production dependencies, the sources (run by tsx) and the built web app.
FROM node:22-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY . .
COPY --from=build /app/web/dist ./web/dist
# The code stays root-owned and read-only; only the embedded-mode data directory is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# node:22-slim has no curl; Node's own fetch does the probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
