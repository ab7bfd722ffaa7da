# Finds a PostgreSQL server for the tests (docs/architecture.md): TEST_DATABASE_URL if
# set, else the local server on 127.0.0.1:5432 if it answers, else a throwaway cluster started
# from Debian's postgresql package (installed if missing) and stopped when the script exits.
# Source it, then call `find_postgres`; it exports TEST_DATABASE_URL.

pg_answers() {
  psql "$1" -Atqc 'select 1' >/dev/null 2>&1
}

find_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    command -v psql >/dev/null || apt_install postgresql-client
    pg_answers "$TEST_DATABASE_URL" || fail "TEST_DATABASE_URL does not answer"
    PG_SOURCE="TEST_DATABASE_URL"
    return 0
  fi
  command -v psql >/dev/null || apt_install postgresql-client
  local local_url="postgres://postgres@127.0.0.1:5432/postgres"
  if pg_answers "$local_url"; then
    export TEST_DATABASE_URL=$local_url
    PG_SOURCE="the local server on 127.0.0.1:5432"
    return 0
  fi
  start_throwaway_postgres
}

start_throwaway_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    apt_install postgresql
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  PG_DIR=$(mktemp -d /tmp/beehive-pg.XXXXXX)
  local port=55432 run=()
  # initdb and postgres refuse to run as root: use the package's postgres user.
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home "$PG_DIR" postgres
    chown postgres "$PG_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  trap 'stop_throwaway_postgres' EXIT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  PG_SOURCE="a throwaway cluster in $PG_DIR"
  PG_STOP=("${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -m fast stop)
}

stop_throwaway_postgres() {
  if [ -n "${PG_STOP[*]:-}" ]; then
    "${PG_STOP[@]}" >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}

# Drops the databases earlier test runs left behind.
drop_old_test_databases() {
  local db
  for db in $(psql "$TEST_DATABASE_URL" -Atqc "select datname from pg_database where datname like 'beehive\_test\_%'"); do
    psql "$TEST_DATABASE_URL" -qc "drop database if exists \"$db\"" >/dev/null 2>&1 || true
  done
}
