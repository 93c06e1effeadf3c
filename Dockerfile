# The Agent Scan API on the current Node LTS: `docker build -t agent-scan-api .`, then
# `docker run -p 8787:8787 agent-scan-api` (docs/operations.md, "Deployment").
# test/deploy/ lints this file, and replays the runtime stage's install and CMD without Docker.

# One base for both stages, the current Node LTS; bump it here only. The engines floor in
# package.json (where the tests run) stays lower (docs/operations.md, "Dockerfile").
ARG NODE_IMAGE=node:26.10.0-bookworm-slim

# Build: every dependency, then `npm run build` (dist/node/server.js and dist/node/admin.js).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the build runs only esbuild (through tsx), whose JavaScript API finds its
# binary in the platform package without its postinstall. The other install scripts fetch or
# check binaries the build never runs (bun, deno, workerd, unrs-resolver), and the MDN
# Observatory's postinstall downloads lists from the internet (docs/observatory-oracle.md).
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY scripts/build.ts ./scripts/
COPY src ./src
COPY deploy/node ./deploy/node
RUN npm run build

# Runtime: the runtime dependencies and the bundled entries, nothing else.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional as well: typescript is both a devDependency and an optional peer of valibot,
# which npm omits only when both kinds are omitted. No runtime dependency is optional.
# --ignore-scripts: no runtime dependency has an install script.
RUN npm ci --omit=dev --omit=optional --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist/node ./dist/node
# The official image's unprivileged user; the files stay root's, read-only to the service.
USER node
ENV HOST=0.0.0.0 PORT=8787
EXPOSE 8787
# Slim images have no curl: Node's fetch, bounded below Docker's own timeout.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/node/server.js"]
