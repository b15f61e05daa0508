#!/usr/bin/env bash
# The identity contract suite with the firebase provider against Google's Firebase Auth Emulator.
# firebase-tools is installed beside the project (FIREBASE_TOOLS_DIR), never as its dependency.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools=${FIREBASE_TOOLS_DIR:-/tmp/klubb-firebase-tools}
version=15.34.2
port=${AUTH_EMULATOR_PORT:-9099}

if ! [ -x "$tools/node_modules/.bin/firebase" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "firebase-tools@$version" >/dev/null
fi
cat > "$tools/firebase.json" <<JSON
{ "emulators": { "auth": { "host": "127.0.0.1", "port": $port }, "ui": { "enabled": false }, "hub": { "host": "127.0.0.1" } } }
JSON
log=$(mktemp)
(cd "$tools" && exec ./node_modules/.bin/firebase emulators:start --only auth --project demo-klubb) >"$log" 2>&1 &
emulator=$!
trap 'kill $emulator 2>/dev/null; wait $emulator 2>/dev/null; rm -f "$log"' EXIT
up() { node -e "fetch('http://127.0.0.1:$port/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; }
for _ in $(seq 120); do
  up && break
  kill -0 $emulator 2>/dev/null || { cat "$log"; exit 1; }
  sleep 1
done
up || { echo "the Auth Emulator did not start:"; cat "$log"; exit 1; }

TEST_IDENTITY=firebase-emulator FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$port" \
  npx vitest run --project server tests/server/identity.contract.test.ts
