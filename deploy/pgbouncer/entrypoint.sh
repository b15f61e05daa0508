#!/bin/sh
# Writes PgBouncer's user list from POSTGRES_PASSWORD (never baked into the image), then runs it.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is not set}"
umask 077
printf '"klubb" "%s"\n' "$POSTGRES_PASSWORD" > /tmp/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
