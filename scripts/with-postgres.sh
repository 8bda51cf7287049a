#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on 127.0.0.1, with
# DATABASE_URL pointing at it; the cluster is stopped and deleted afterwards.
#   scripts/with-postgres.sh npm run test:integration
set -euo pipefail

bindir=""
for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$dir/initdb" ]; then bindir="$dir"; break; fi
done
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then bindir="$(dirname "$(command -v initdb)")"; fi
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)." >&2
  exit 1
fi

port="${PGTEST_PORT:-54329}"
datadir="$(mktemp -d /tmp/ascendra-pg.XXXXXX)"
run_as=()
if [ "$(id -u)" = "0" ]; then
  # The server refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$datadir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$datadir" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$datadir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$datadir" -U postgres --auth=trust --encoding=UTF8 --no-sync >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$datadir" -l "$datadir/server.log" -w \
  -o "-h 127.0.0.1 -p $port -k $datadir -c fsync=off -c full_page_writes=off -c synchronous_commit=off" start >/dev/null
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"${run_as[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres ascendra_test

DATABASE_URL="postgres://postgres@127.0.0.1:$port/ascendra_test" "$@"
