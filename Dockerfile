# syntax=docker/dockerfile:1
# Build stage: install exactly the committed lock file, compile TypeScript (with the Swagger plugin),
# then drop dev dependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY migrations ./migrations
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

# Runtime stage: the compiled app and production dependencies, owned by root and read-only for the
# non-root user that runs it; only /data (the embedded database and the generated admin token) is writable.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The assistant tools read their input and output schemas from the committed OpenAPI document.
COPY openapi.json ./
RUN chmod -R a-w /app
USER node
# One port for the APIs, /health and /metrics. Metrics: set METRICS_TOKEN (16+ characters, the same for every
# container) and scrape GET /metrics on each container with `Authorization: Bearer <METRICS_TOKEN>`, not through
# the load balancer; unset, /metrics answers 404. Traces: off unless OpenTelemetry's variables ask for them, e.g.
# OTEL_EXPORTER_OTLP_ENDPOINT=http://otel-collector:4318 (OTEL_SERVICE_NAME defaults to workforce-planning-api;
# each container reports its host.name and process.pid). README.md, "Operating it".
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run at start, before the server listens.
CMD ["node", "dist/src/main.js"]
