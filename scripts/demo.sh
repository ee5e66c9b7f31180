#!/usr/bin/env sh
# Starts the built demo (DEMO_MODE=1, production mode) on the embedded database in DATA_DIR (default ./.data), or on
# DATABASE_URL and REDIS_URL when set. Its secrets are its own: made into DATA_DIR/demo-secrets.env on the first
# start and read back later (apps/server/src/demo-secrets.ts), never the development values published here.
set -eu
cd "$(dirname "$0")/.."
export DEMO_MODE=1
eval "$(node apps/server/src/demo-secrets.ts)"
# npm start is production mode, which needs the public address: on this machine, the port it listens on.
PUBLIC_URL="${PUBLIC_URL:-http://localhost:${PORT:-3000}}"
export PUBLIC_URL
exec npm start
