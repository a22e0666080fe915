# The platform as one image for every role (one process, or a subgraph group, gateway, edge, worker or
# migration of the scale-out layout in compose.yaml and deploy/kubernetes/): compiled JavaScript and the
# pages' bundles (both made by `npm run build`), production dependencies only. Nothing is fetched or built
# at run time. The base image is pinned by version and digest (Node 24.21.0, the project's own).

FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS build
WORKDIR /app
# The manifests alone first: a change of the sources reuses the installed dependencies' layer. No package's
# install script runs (none is needed; postinstall's code generation needs the sources, below).
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The Prisma client and the resolver types (what postinstall does), the build, then development dependencies
# dropped. The Node package npm installs for a machine without Node 24 (optionalDependencies) goes: the image has its own.
RUN node scripts/check-runtime.mjs \
 && npm run generate \
 && npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-* node_modules/node-darwin-* node_modules/node-win-* node_modules/.bin/node

FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6
ENV NODE_ENV=production \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/check-build.mjs ./scripts/check-build.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4000 8082-8087
HEALTHCHECK --interval=10s --retries=30 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm (`npm run start:prod` without npm); run the image with `docker run --init` (compose says `init: true`).
CMD ["node", "--import", "./dist/lib/telemetry/preload.js", "dist/scripts/start-embedded.js"]
