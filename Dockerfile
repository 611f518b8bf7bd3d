# The adapter's image for docker-compose.yml: the web client is built in a first stage, the
# adapter's production modules are installed in a second, and the last stage runs the adapter as
# `npm start` does (TypeScript through tsx, no separate compile) as the unprivileged user `node`.
# PostgreSQL and Orthanc are their own images (see docker-compose.yml).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- 1. the web client (client/dist) ---------------------------------------------------------
FROM ${NODE_IMAGE} AS client
WORKDIR /src
COPY package.json package-lock.json tsconfig.base.json ./
COPY common/package.json common/
COPY adapter/package.json adapter/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY common common
COPY client client
# The build generates the credits (about/credits) from the installed dependency tree.
COPY scripts/credits scripts/credits
RUN npm run build -w client

# ---- 2. the adapter's production modules (tsx included: it runs the TypeScript) --------------
FROM ${NODE_IMAGE} AS modules
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY adapter/package.json adapter/
COPY client/package.json client/
RUN npm ci --omit=dev --workspace=adapter --no-audit --no-fund

# ---- 3. the adapter -----------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# The Debian packages the adapter itself uses (report fonts, dcmtk, ping): the same list as
# npm start's, from the same script.
COPY scripts/ensure-system.sh /tmp/ensure-system.sh
RUN bash /tmp/ensure-system.sh --adapter && rm -rf /var/lib/apt/lists/* /tmp/ensure-system.sh
ENV NODE_ENV=production
WORKDIR /app
COPY --from=modules /app/node_modules node_modules
COPY package.json ./
COPY common/package.json common/
COPY common/src common/src
COPY adapter/package.json adapter/
COPY adapter/src adapter/src
# The adapter serves ../../client/dist from adapter/src (CLIENT_DIR's default).
COPY --from=client /src/client/dist client/dist
# DATA_DIR (upload folders) and the mount points of Orthanc's shared volumes and of the DICOM
# front's spool, owned by `node` (a new named volume takes the mount point's owner).
RUN mkdir -p /var/lib/pacs/orthanc /var/lib/pacs/dicom-front && chown -R node:node /var/lib/pacs
USER node
EXPOSE 8080
CMD ["node", "--import", "tsx", "adapter/src/main.ts"]
