# The production image: the API (which serves the built web app), the worker, the migrations and the operations
# scripts, on Node 24 LTS, with production dependencies only, run as the unprivileged `node` user.
# docker-compose.yml builds it; the commands below are also run step by step by test/integration/production-image.test.ts
# (there is no Docker engine on the machines this project is built on), so keep paths relative to the WORKDIR.

# 1. Build: every dependency, then the server (dist/) and the web app (web/dist/).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund --loglevel=error
RUN npm run build

# 2. Production dependencies of the server workspaces only (no web, dev tooling or test packages).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY api/package.json api/
COPY worker/package.json worker/
COPY migrations/package.json migrations/
COPY web/package.json web/
COPY dev/package.json dev/
COPY dev/stripe-emulator/package.json dev/stripe-emulator/
COPY test/package.json test/
RUN npm install --omit=dev --no-audit --no-fund --loglevel=error --workspace=core --workspace=api --workspace=worker --workspace=migrations

# 3. Runtime: the built code and those dependencies. pg_dump/pg_restore (PostgreSQL 15, as in the compose file) for
# `node dist/ops/db-backup.js` and `db-restore.js`.
FROM node:24-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# Backups go to a volume mounted here; uid 1000 is the image's `node` user.
RUN mkdir -p backups && chown 1000:1000 backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/ops/healthcheck.js"]
CMD ["node", "dist/api/src/main.js"]
