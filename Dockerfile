# Labelwise app image: the API serving the built consumer app and console, plus the projection worker.
# Not built on our CI machines (no Docker engine there); see docs/operations.md, "Running with Docker".
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY reference-data/package.json reference-data/
COPY domain/package.json domain/
COPY runtime/package.json runtime/
COPY event-store/package.json event-store/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# The API listens on every interface of the container (outside a container it defaults to 127.0.0.1).
ENV HOST=0.0.0.0
COPY --from=build /app /app
EXPOSE 3000
CMD ["node_modules/.bin/tsx", "backend/src/server/main.ts"]
