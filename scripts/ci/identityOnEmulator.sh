#!/usr/bin/env bash
# The identity contract suite with the firebase provider against Google's Firebase Auth Emulator,
# then the e2e spec of sign-in and password change on it (e2e/identityEmulator.spec.ts).
# firebase-tools is installed beside the project (FIREBASE_TOOLS_DIR), never as its dependency.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools=${FIREBASE_TOOLS_DIR:-/tmp/klubb-firebase-tools}
version=15.34.2
port=${AUTH_EMULATOR_PORT:-9099}
client_dir=dist-emulator

if ! [ -x "$tools/node_modules/.bin/firebase" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "firebase-tools@$version" >/dev/null
fi
# This run's own emulator settings: runs on other ports may share the installed tools.
run=$(mktemp -d)
cat > "$run/firebase.json" <<JSON
{ "emulators": { "auth": { "host": "127.0.0.1", "port": $port }, "ui": { "enabled": false }, "hub": { "host": "127.0.0.1" } } }
JSON
(cd "$run" && exec "$tools/node_modules/.bin/firebase" emulators:start --config "$run/firebase.json" --only auth --project demo-klubb) >"$run/emulator.log" 2>&1 &
emulator=$!
trap 'kill $emulator 2>/dev/null; wait $emulator 2>/dev/null; rm -rf "$run"' EXIT

# The e2e spec's build reaches the emulator (VITE_IDENTITY_ORIGIN); dist stays the ordinary e2e run's.
VITE_IDENTITY_ORIGIN="http://127.0.0.1:$port" VITE_FIREBASE_PROJECT_ID=demo-klubb \
  npx vite build --outDir "$client_dir" --emptyOutDir --logLevel warn

up() { node -e "fetch('http://127.0.0.1:$port/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; }
for _ in $(seq 120); do
  up && break
  kill -0 $emulator 2>/dev/null || { cat "$run/emulator.log"; exit 1; }
  sleep 1
done
up || { echo "the Auth Emulator did not start:"; cat "$run/emulator.log"; exit 1; }

TEST_IDENTITY=firebase-emulator FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$port" \
  npx vitest run --project server tests/server/identity.contract.test.ts

FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$port" E2E_CLIENT_DIR="$client_dir" \
  npx playwright test --config playwright.emulator.config.ts
