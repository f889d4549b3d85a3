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
# query-api draws the pictures' Korean text (특가, 이미지 준비중) into WebP with the system's fonts (ADR 009)
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
USER node
CMD ["node", "server/src/main.ts"]
