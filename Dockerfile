# The production image (issue 11): built with every dependency, run with the production ones
# only, as the unprivileged `node` user. No container engine runs in CI: .ci/prod-start does
# what the final stage does (the same files, `npm ci --omit=dev`, NODE_ENV=production) and is
# what `.ci/run` tests. Build: `docker build -t kumamoto-passport .`; run: compose.yaml.

# Build stage: the client, its server-side render and the compiled server into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Final stage: production dependencies (prebuilt better-sqlite3 and sharp binaries) and the
# files the server reads at run time, the same list as .ci/prod-start copies.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/run.mjs ./scripts/run.mjs
COPY locales ./locales
COPY seeds/data ./seeds/data
# The code stays root's (read-only to the server); uploads are the one place it writes.
RUN mkdir -p data/uploads && chown -R node:node data
USER node
EXPOSE 3000
# Readiness (database reachable, migrations run); slim images have no curl, so Node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (not npm), so SIGTERM reaches the server, which then stops gracefully.
CMD ["node", "--enable-source-maps", "dist/server-app/main.js"]
