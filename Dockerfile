# syntax=docker/dockerfile:1
# One multi-stage file for all six services and the gateway. The default (last) stage is the services' image; the
# service is chosen by the command (docker-compose.yml and deploy/k8s: `node services/<name>/dist/src/main.js`).
# The `gateway` stage is nginx with the web console's static files (`docker build --target gateway`).
#
# deps: `npm install` of the locked versions (see README: the lock lists only the platforms whose optional
# binaries our registry serves, so `npm ci` would refuse it), then code generation (Prisma client, tsoa routes/OpenAPI
# and the SDK's types from api/openapi.json; all run offline: see packages/db/scripts/prisma-generate.js and
# packages/http/scripts/tsoa-generate.js).
# build: `tsc -b` of the six services and the packages they reference. The root build (`npm run build`) would also
# compile test-e2e and the embedded runner, which the image does not ship.
# console: the console's Vite build (apps/console/dist), which the gateway stage copies into nginx.
# The image runs the current Node LTS line; CI and the tests here run Node 20, the oldest the engines field allows.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
# patch-package applies these at `npm install` (root postinstall): kafkajs' leaner produce path, its native CRC32C
# (@node-rs/crc32's prebuilt binary for this platform, installed by the same `npm install`) and a consumer that leaves
# its group when its join fails; see packages/events/README.md.
COPY patches ./patches
COPY packages ./packages
COPY services ./services
# The committed public OpenAPI document, from which @waymark/sdk's types are generated.
COPY api ./api
# npm needs every workspace's manifest to match the lock file; the apps and end-to-end tests themselves stay out.
COPY apps/console/package.json ./apps/console/package.json
COPY apps/embedded/package.json ./apps/embedded/package.json
COPY test-e2e/package.json ./test-e2e/package.json
RUN npm install --no-audit --no-fund
RUN npm run generate

FROM deps AS build
# The console is static files served by the gateway and the embedded runner is for one machine: without their
# workspaces, the prune drops React, the embedded PostgreSQL and the rest of their packages from the services' image.
RUN npx tsc -b services/link-api services/redirector services/analytics-ingest services/notifier \
       services/gs1-catalog services/export-renderer \
  && rm -rf apps \
  && npm prune --omit=dev

FROM deps AS console
COPY apps/console ./apps/console
RUN npm run build -w @waymark/console

# The API gateway: deploy/nginx/gateway.conf.template (mounted by compose, a ConfigMap in Kubernetes) serves these
# files at `/` of the API host, with CONSOLE_ROOT set to this folder, each with the console's Content-Security-Policy
# and X-Frame-Options: DENY. No Node and no CDN at run time.
FROM nginx:1.27.5 AS gateway
COPY --from=console /app/apps/console/dist /usr/share/waymark/console

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/services ./services
# The redirector's click spool (CLICK_SPOOL_DIR) lives here on a volume; the image makes it writable by `node`,
# and a fresh named or anonymous volume mounted there inherits that ownership.
RUN mkdir -p /var/lib/waymark/click-spool && chown -R node:node /var/lib/waymark
USER node
# Ports by service: link-api 8080, redirector 8081, analytics-ingest 8082, notifier 8083, gs1-catalog 8084,
# export-renderer 8085.
EXPOSE 8080 8081 8082 8083 8084 8085
CMD ["node", "services/link-api/dist/src/main.js"]
