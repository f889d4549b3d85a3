# One image for every service; docker-compose picks the entry point.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY events/package.json events/
COPY platform/package.json platform/
COPY projector/package.json projector/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY server/package.json server/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w frontend

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production
# A fixed mmap threshold (which also turns off glibc's dynamic one): each password hash's 19 MiB (argon2id,
# in libuv's threads) is mapped and unmapped, instead of growing each thread's arena by ~20-40 MB for good (ADR 023).
ENV MALLOC_MMAP_THRESHOLD_=131072
# query-api draws the pictures' Korean text (특가, 이미지 준비중) into WebP with the system's fonts (ADR 009)
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
# Node's compile cache, warmed here: a container's first start loads its ~1,600 modules from it (ADR 025, s57).
ENV NODE_COMPILE_CACHE=/app/.node-compile-cache
RUN node scripts/warm-compile-cache.ts
USER node
CMD ["node", "server/src/main.ts"]
