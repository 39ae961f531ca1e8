#!/usr/bin/env bash
# Backs up the clinic reservation database with pg_dump in the custom format (-Fc: compressed,
# restorable table by table with pg_restore).
#
#   DATABASE_URL=postgres://user@host:5432/clinic [DATABASE_SCHEMA=name] ops/backup.sh [FILE]
#
# DATABASE_URL and DATABASE_SCHEMA are the ones the server runs with. Without DATABASE_SCHEMA the
# whole database is dumped (tables in `public`, the message queue's schema `pgboss` and the
# btree_gist extension); with it, that schema and the message queue's schema beside it,
# `<DATABASE_SCHEMA>_jobs` (btree_gist lives in `public` and must exist where the dump is
# restored). The queue's jobs are part of the backup so that a restore keeps every pending message
# on its way; a message whose job is missing all the same is queued again by the servers
# (docs/operations.md, "Backups and restore").
# FILE defaults to backups/clinic-<UTC time>.dump. The dump is written next to FILE first and
# renamed only once pg_restore can read its table of contents, so FILE is never a broken dump.
# Prints the path of the dump.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to the postgres:// URL of the database to back up}"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) echo "backup.sh: DATABASE_URL must be a postgres:// URL (PGlite data directories are backed up by copying them while the server is stopped)" >&2; exit 2 ;;
esac

file="${1:-backups/clinic-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$file")"
partial="$file.partial"
trap 'rm -f "$partial"' EXIT

args=(--format=custom --no-owner --no-privileges --file="$partial")
if [[ -n "${DATABASE_SCHEMA:-}" ]]; then
  if [[ ! "$DATABASE_SCHEMA" =~ ^[a-z_][a-z0-9_]*$ ]]; then
    echo "backup.sh: DATABASE_SCHEMA must be a lower-case PostgreSQL identifier" >&2
    exit 2
  fi
  # The product's schema and the message queue's (pg-boss) beside it.
  args+=(--schema="$DATABASE_SCHEMA" --schema="${DATABASE_SCHEMA}_jobs")
fi

pg_dump "${args[@]}" "$DATABASE_URL"
pg_restore --list "$partial" > /dev/null
mv "$partial" "$file"
trap - EXIT
echo "$file"
