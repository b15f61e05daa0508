# Klubb's API server and client in one image (docs/deployment.md). The project's CI does not build
# this image: it is written to work, and checked by hand.
#
#   docker build -t klubb .
#   docker run --env-file klubb.env -p 8080:8080 klubb
#
# Client build variables (VITE_*) are fixed at build time: pass them with --build-arg.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
ARG VITE_API_BASE
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_IDENTITY_ORIGIN
ARG VITE_CONTAINER_SERVICE_URL
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The image's own unprivileged user; the server needs no file of its own to write (PostgreSQL).
USER node
EXPOSE 8080
CMD ["node", "dist-server/server/index.js"]
