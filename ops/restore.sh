#!/usr/bin/env bash
# Restores a dump made by ops/backup.sh, in one transaction: either all of it is restored or
# nothing changes.
#
#   DATABASE_URL=postgres://user@host:5432/clinic [DATABASE_SCHEMA=name] ops/restore.sh FILE
#
# Stop every server first. The target must be empty (no tables in DATABASE_SCHEMA, or in `public`
# without it); set RESTORE_REPLACE=yes to drop what is there inside the same transaction.
# With DATABASE_SCHEMA the message queue's schema beside it (`<DATABASE_SCHEMA>_jobs`) is replaced
# too, in the same transaction: the data and the queue's jobs come back together, as they were
# when the backup was made. Pending messages are then delivered when a server starts (each once);
# one whose job the dump does not hold (an older dump, without the queue) is queued again by the
# servers' sweep (docs/operations.md, "Backups and restore").
set -euo pipefail

file="${1:?usage: ops/restore.sh FILE (a dump made by ops/backup.sh)}"
: "${DATABASE_URL:?set DATABASE_URL to the postgres:// URL of the database to restore into}"
schema="${DATABASE_SCHEMA:-public}"
if [[ ! "$schema" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "restore.sh: DATABASE_SCHEMA must be a lower-case PostgreSQL identifier" >&2
  exit 2
fi

pg_restore --list "$file" > /dev/null

export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
psql=(psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 "$DATABASE_URL")
tables=$("${psql[@]}" --tuples-only --no-align \
  --command="select count(*) from pg_tables where schemaname = '$schema'")
if [[ "$tables" != "0" && "${RESTORE_REPLACE:-}" != "yes" ]]; then
  echo "restore.sh: schema \"$schema\" already has $tables tables; set RESTORE_REPLACE=yes to replace them" >&2
  exit 3
fi

# The SQL is written out in full before psql starts, so a failing pg_restore can never hand psql a
# truncated script to commit.
sql_file=$(mktemp "${TMPDIR:-/tmp}/clinic-restore.XXXXXX.sql")
trap 'rm -f "$sql_file"' EXIT
if [[ "$schema" != "public" ]]; then
  # A schema dump creates its schemas itself: the product's and the message queue's.
  {
    echo "drop schema if exists \"$schema\" cascade;"
    echo "drop schema if exists \"${schema}_jobs\" cascade;"
  } > "$sql_file"
  pg_restore --no-owner --no-privileges --file=- "$file" >> "$sql_file"
else
  pg_restore --no-owner --no-privileges --clean --if-exists --file="$sql_file" "$file"
fi
"${psql[@]}" --single-transaction --file="$sql_file" > /dev/null

echo "restored $file into schema \"$schema\""
