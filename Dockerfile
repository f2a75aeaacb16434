# One multi-stage image for all six services; the service is chosen by the command
# (docker-compose.yml: `command: ["node", "services/<name>/dist/src/main.js"]`).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json tsconfig.json jest.config.js ./
COPY packages ./packages
COPY services ./services
COPY test-e2e/package.json ./test-e2e/package.json
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/services ./services
USER node
EXPOSE 8080
CMD ["node", "services/link-api/dist/src/main.js"]
