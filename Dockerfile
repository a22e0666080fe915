# The platform as one image for every role (one process, or a subgraph, gateway, REST adapter or
# worker of the scale-out layout in compose.yaml): compiled JavaScript and the pages' bundles (both made by
# `npm run build`), production dependencies only. Nothing is fetched or built at run time.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# postinstall generates the Prisma client and the resolver types from the sources copied above. The Node
# package npm installs for a machine without Node 24 (optionalDependencies) goes: the image has its own.
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4000 8080 8082-8087
HEALTHCHECK --interval=10s --retries=30 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "start:prod"]
