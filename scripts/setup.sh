#!/usr/bin/env sh
# Installs, builds and starts the demo (DEMO_MODE=1, scripts/demo.sh) on the embedded database (PGlite in ./.data,
# seeded from content/) at http://localhost:3000. The project runs on Node.js 24, which `npm install` brings as a
# dependency (the npm package `node`: node_modules/.bin/node); every npm script runs on it, whatever the machine's
# own node is (npm 10 or later installs it). The machine's node is left alone.
set -eu
cd "$(dirname "$0")/.."
npm install --no-audit --no-fund
npm run build
exec npm run demo
