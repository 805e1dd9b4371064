#!/usr/bin/env bash
# Local infrastructure without Docker: Apache Kafka (KRaft, one node) from Maven Central,
# FerretDB v1 (SQLite backend) and Jaeger v2 (traces) built from the Go module proxy, and the
# MailDev mail catcher.
#
#   scripts/infra/infra.sh start|stop|status|reset
#
# Idempotent: what already answers on its port is left alone. Downloads and builds are cached in
# .cache/ (git-ignored), data and logs live in .run/. KAFKA_BROKERS or MONGO_URL pointing
# elsewhere means "use that one" and the local one is not started.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache"
RUN="$ROOT/.run"
LOGS="$RUN/logs"
PIDS="$RUN/pids"
mkdir -p "$CACHE" "$LOGS" "$PIDS"

KAFKA_VERSION="3.9.1"
KAFKA_PORT=9092
KAFKA_CONTROLLER_PORT=9093
MONGO_PORT=27017
SMTP_PORT=1025
MAILDEV_WEB_PORT=1080
JAEGER_UI_PORT=16686
JAEGER_OTLP_HTTP_PORT=4318
JAEGER_OTLP_GRPC_PORT=4317
JAEGER_QUERY_GRPC_PORT=16685
JAEGER_HEALTH_PORT=13133

say() { printf '[infra] %s\n' "$*"; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() { # port name seconds logfile
  local i
  for ((i = 0; i < $3 * 5; i++)); do
    port_open "$1" && return 0
    sleep 0.2
  done
  [ -f "$4" ] && tail -n 30 "$4" >&2
  die "$2 did not open port $1 within $3 s (log: $4)"
}

pid_alive() { [ -f "$PIDS/$1.pid" ] && kill -0 "$(cat "$PIDS/$1.pid")" 2>/dev/null; }

external_kafka() { [ -n "${KAFKA_BROKERS:-}" ] && [ "${KAFKA_BROKERS}" != "127.0.0.1:$KAFKA_PORT" ] && [ "${KAFKA_BROKERS}" != "localhost:$KAFKA_PORT" ]; }
external_mongo() { [ -n "${MONGO_URL:-}" ] && [[ "${MONGO_URL}" != *"127.0.0.1:$MONGO_PORT"* ]] && [[ "${MONGO_URL}" != *"localhost:$MONGO_PORT"* ]]; }

need() { # command, what it is for, how to get it
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing: it is needed for $2. $3"
}

# ---------------------------------------------------------------- Kafka
kafka_install() {
  local libs="$CACHE/kafka-$KAFKA_VERSION/libs"
  if [ -f "$CACHE/kafka-$KAFKA_VERSION/.complete" ]; then return; fi
  need java "Kafka" "Install Java 17 (apt-get install openjdk-17-jre-headless)."
  need mvn "downloading Kafka from Maven Central" "Install Maven (apt-get install maven)."
  say "downloading Kafka $KAFKA_VERSION and its dependencies from Maven Central (once)…"
  mkdir -p "$libs"
  mvn -q -B -f "$ROOT/scripts/infra/kafka/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DoutputDirectory="$libs" -DincludeScope=runtime >"$LOGS/kafka-install.log" 2>&1 \
    || { tail -n 20 "$LOGS/kafka-install.log" >&2; die "Maven could not fetch Kafka (log: $LOGS/kafka-install.log)"; }
  touch "$CACHE/kafka-$KAFKA_VERSION/.complete"
}

kafka_start() {
  if external_kafka; then say "Kafka: using $KAFKA_BROKERS"; return; fi
  if port_open "$KAFKA_PORT"; then say "Kafka: already running on $KAFKA_PORT"; return; fi
  kafka_install
  local dir="$RUN/kafka" cfg="$RUN/kafka/server.properties" cp="$CACHE/kafka-$KAFKA_VERSION/libs/*"
  mkdir -p "$dir/data"
  sed -e "s#@DATA@#$dir/data#" -e "s#@PORT@#$KAFKA_PORT#" -e "s#@CONTROLLER_PORT@#$KAFKA_CONTROLLER_PORT#" \
    "$ROOT/scripts/infra/kafka/server.properties" >"$cfg"
  cp "$ROOT/scripts/infra/kafka/log4j.properties" "$dir/log4j.properties"
  local java_opts=(-Xms256m -Xmx768m -XX:+UseG1GC -Djava.awt.headless=true -Dlog4j.configuration="file:$dir/log4j.properties" -Dkafka.logs.dir="$LOGS")
  if [ ! -f "$dir/data/meta.properties" ]; then
    java "${java_opts[@]}" -cp "$cp" kafka.tools.StorageTool format -t "$(java -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n1)" -c "$cfg" >"$LOGS/kafka-format.log" 2>&1 \
      || { cat "$LOGS/kafka-format.log" >&2; die "formatting Kafka storage failed"; }
  fi
  say "Kafka: starting (KRaft, one node) on $KAFKA_PORT…"
  # Three files per partition: a broker that kept the topics of many test runs outgrows a
  # 20,000-file limit and shuts down ("Too many open files"); raise it as far as allowed.
  ulimit -n 1048576 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  nohup java "${java_opts[@]}" -cp "$cp" kafka.Kafka "$cfg" >"$LOGS/kafka.log" 2>&1 &
  echo $! >"$PIDS/kafka.pid"
  wait_port "$KAFKA_PORT" Kafka 120 "$LOGS/kafka.log"
}

# ---------------------------------------------------------------- FerretDB
FERRETDB_VERSION="v1.24.0"
# The folder names the patches' contents: a changed patch means a new build on every machine.
FERRETDB_PATCHES=$(cat "$ROOT"/scripts/infra/ferretdb/*.patch "$ROOT"/scripts/infra/ferretdb/wire/*.patch "$ROOT"/scripts/infra/ferretdb/main.go "$ROOT"/scripts/infra/ferretdb/go.mod "$ROOT"/scripts/infra/ferretdb/go.sum | sha1sum | cut -c1-10)
FERRETDB_BIN="$CACHE/ferretdb/$FERRETDB_VERSION-$FERRETDB_PATCHES/ferretdb-sqlite"

ferretdb_install() {
  [ -x "$FERRETDB_BIN" ] && return
  need go "building FerretDB" "Install Go 1.26 or newer (apt-get install golang)."
  need patch "patching FerretDB" "Install patch (apt-get install patch)."
  say "building FerretDB v1 (SQLite backend) from the Go module proxy (once, about a minute)…"
  local mod="$ROOT/scripts/infra/ferretdb" work="$CACHE/ferretdb/build"
  mkdir -p "$(dirname "$FERRETDB_BIN")"
  rm -rf "$work" && mkdir -p "$work"
  (
    # FerretDB's source from the module proxy with our fixes (scripts/infra/ferretdb/*.patch: update
    # commands of 100+ statements froze the server; lookups by _id missed the _id index; filters
    # and sorts on indexed top-level fields are answered by SQLite's indexes; updates are atomic
    # read-modify-writes, replacements by _id go in bulk, deletes by an exact filter read
    # nothing; of several indexes that could answer a filter, the most selective one does; a
    # find's skip and limit go to SQLite when it answers exactly and in order; writers of one
    # database take turns in arrival order instead of polling SQLite's lock; a capped count stops
    # at its cap; reads reuse their prepared statements; documents are encoded for storage in one
    # pass; a command is converted to FerretDB's types once, not twice; a document is validated
    # without an error built for each nested document; stored strings are decoded in one pass) and its wire package's
    # (scripts/infra/ferretdb/wire/*.patch: messages are checked without decoding them into trees),
    # built through our embedding module on a newer modernc.org/sqlite than FerretDB's (go.mod says why).
    patched() { # module@version, its folder in $work, the folder of its patches
      local dir
      dir=$(cd "$mod" && go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
      [ -n "$dir" ] || { echo "module download failed: $1"; return 1; }
      cp -r "$dir" "$work/$2" && chmod -R u+w "$work/$2" || return 1
      for p in $(ls "$3"/*.patch | sort -V); do (cd "$work/$2" && patch -p1 --no-backup-if-mismatch < "$p") || return 1; done
    }
    patched "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" ferretdb-src "$mod" || exit 1
    patched "github.com/FerretDB/wire@$(cd "$mod" && go list -m -f '{{.Version}}' github.com/FerretDB/wire)" wire-src "$mod/wire" || exit 1
    cp "$mod/go.mod" "$mod/go.sum" "$mod/main.go" "$work/"
    (cd "$work" && go mod edit -replace "github.com/FerretDB/FerretDB=./ferretdb-src" -replace "github.com/FerretDB/wire=./wire-src" \
      && GOFLAGS=-mod=mod go build -o "$FERRETDB_BIN" .) || exit 1
    # Our patches' own Go tests (TestRR…, and FerretDB's own test of the validation patched): a
    # patched package that no longer answers as FerretDB's own code did fails the build here.
    # FerretDB's test helpers look for a .git folder.
    mkdir -p "$work/ferretdb-src/.git"
    (cd "$work" && GOFLAGS=-mod=mod go test -count=1 -run '^TestRR|^TestDocumentValidateData$' github.com/FerretDB/wire \
      github.com/FerretDB/FerretDB/internal/handler/sjson github.com/FerretDB/FerretDB/internal/util/fsql \
      github.com/FerretDB/FerretDB/internal/types) \
      || { rm -f "$FERRETDB_BIN"; exit 1; }
  ) >"$LOGS/ferretdb-build.log" 2>&1 \
    || { tail -n 20 "$LOGS/ferretdb-build.log" >&2; die "building FerretDB failed (log: $LOGS/ferretdb-build.log)"; }
  rm -rf "$work"
}

ferretdb_start() {
  if external_mongo; then say "database: using $MONGO_URL"; return; fi
  if port_open "$MONGO_PORT"; then
    # A server this script started from an older build (another patch level) makes way for the new one.
    if pid_alive ferretdb && [ "$(readlink -f "/proc/$(cat "$PIDS/ferretdb.pid")/exe")" != "$(readlink -f "$FERRETDB_BIN")" ]; then
      ferretdb_install
      say "FerretDB: restarting on the new build…"
      stop_one ferretdb
    else
      say "FerretDB: already running on $MONGO_PORT"; return
    fi
  fi
  ferretdb_install
  say "FerretDB: starting on $MONGO_PORT (data in .run/ferretdb)…"
  # GOGC 400: the server's live heap is small (~35 MB) and its garbage large (documents decoded for
  # every answer); collecting a quarter as often took a third off its CPU a query. GOMEMLIMIT
  # brings the collections back as the heap nears 1 GiB.
  GOGC="${FERRETDB_GOGC:-400}" GOMEMLIMIT="${FERRETDB_GOMEMLIMIT:-1GiB}" \
    nohup "$FERRETDB_BIN" --listen-addr "127.0.0.1:$MONGO_PORT" --data-dir "$RUN/ferretdb" --log-level error ${FERRETDB_PPROF_ADDR:+--pprof-addr "$FERRETDB_PPROF_ADDR"} >"$LOGS/ferretdb.log" 2>&1 &
  echo $! >"$PIDS/ferretdb.pid"
  wait_port "$MONGO_PORT" FerretDB 30 "$LOGS/ferretdb.log"
}

# ---------------------------------------------------------------- Jaeger
# Jaeger v2 (an OpenTelemetry Collector distribution): the `jaeger` module's cmd/jaeger. Its Go
# module carries no UI assets (cmd/query/app/ui/actual is generated by Jaeger's release build), so
# the binary serves Jaeger's placeholder page at / and the full query API under /api; a built
# jaeger-ui directory in JAEGER_UI_ASSETS is served instead when given.
JAEGER_VERSION="v1.76.0" # the Go module version of Jaeger v2.13
JAEGER_BIN="$CACHE/jaeger/$JAEGER_VERSION/jaeger"

jaeger_install() {
  [ -x "$JAEGER_BIN" ] && return
  need go "building Jaeger" "Install Go 1.24 or newer (apt-get install golang)."
  say "building Jaeger $JAEGER_VERSION from the Go module proxy (once; about 5 minutes on 2 cores)…"
  local work="$CACHE/jaeger/build" src
  mkdir -p "$(dirname "$JAEGER_BIN")"
  rm -rf "$work" && mkdir -p "$work"
  {
    # `go install module@version` refuses modules with replace directives: build in a copy of the
    # module's source, as its own main module.
    src=$(cd "$work" && go mod download -json "github.com/jaegertracing/jaeger@$JAEGER_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [ -n "$src" ] || { echo "module download failed"; return 1; }
    cp -r "$src" "$work/jaeger-src" && chmod -R u+w "$work/jaeger-src"
    (cd "$work/jaeger-src" && go build -trimpath -ldflags "-s -w" -o "$JAEGER_BIN" ./cmd/jaeger)
  } >"$LOGS/jaeger-build.log" 2>&1 \
    || { tail -n 20 "$LOGS/jaeger-build.log" >&2; die "building Jaeger failed (log: $LOGS/jaeger-build.log)"; }
  rm -rf "$work"
}

jaeger_start() {
  if [ "${JAEGER:-on}" = "off" ]; then say "Jaeger: off (JAEGER=off)"; return; fi
  if port_open "$JAEGER_OTLP_HTTP_PORT"; then say "Jaeger: already running (OTLP $JAEGER_OTLP_HTTP_PORT, UI $JAEGER_UI_PORT)"; return; fi
  jaeger_install
  local cfg="$RUN/jaeger.yaml"
  sed -e "s#@UI_PORT@#$JAEGER_UI_PORT#" -e "s#@OTLP_HTTP_PORT@#$JAEGER_OTLP_HTTP_PORT#" -e "s#@OTLP_GRPC_PORT@#$JAEGER_OTLP_GRPC_PORT#" \
    -e "s#@QUERY_GRPC_PORT@#$JAEGER_QUERY_GRPC_PORT#" -e "s#@HEALTH_PORT@#$JAEGER_HEALTH_PORT#" -e "s#@UI_ASSETS@#${JAEGER_UI_ASSETS:-}#" \
    "$ROOT/scripts/infra/jaeger/config.yaml" >"$cfg"
  say "Jaeger: starting (OTLP $JAEGER_OTLP_HTTP_PORT, UI and API http://localhost:$JAEGER_UI_PORT)…"
  nohup "$JAEGER_BIN" --config "$cfg" >"$LOGS/jaeger.log" 2>&1 &
  echo $! >"$PIDS/jaeger.pid"
  wait_port "$JAEGER_UI_PORT" Jaeger 30 "$LOGS/jaeger.log"
}

# ---------------------------------------------------------------- MailDev
maildev_start() {
  if port_open "$SMTP_PORT" && port_open "$MAILDEV_WEB_PORT"; then say "MailDev: already running (SMTP $SMTP_PORT, web $MAILDEV_WEB_PORT)"; return; fi
  local bin="$ROOT/node_modules/.bin/maildev"
  [ -x "$bin" ] || die "MailDev is not installed: run npm ci first"
  say "MailDev: starting (SMTP $SMTP_PORT, web http://localhost:$MAILDEV_WEB_PORT)…"
  nohup "$bin" --smtp "$SMTP_PORT" --web "$MAILDEV_WEB_PORT" --ip 127.0.0.1 --silent >"$LOGS/maildev.log" 2>&1 &
  echo $! >"$PIDS/maildev.pid"
  wait_port "$MAILDEV_WEB_PORT" MailDev 30 "$LOGS/maildev.log"
}

topics_create() {
  say "Kafka: creating topics from proto/…"
  (cd "$ROOT" && node_modules/.bin/tsx scripts/create-topics.ts --delete-ended-test-topics) || die "creating topics failed"
}

stop_one() { # name [seconds to wait before SIGKILL]
  local name=$1 wait=${2:-10}
  if pid_alive "$name"; then
    local pid; pid=$(cat "$PIDS/$name.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 $((wait * 5))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
    say "$name: stopped"
  fi
  rm -f "$PIDS/$name.pid"
}

status_one() { # name port
  if port_open "$2"; then printf '  %-9s up    port %s%s\n' "$1" "$2" "$(pid_alive "$1" && echo " (pid $(cat "$PIDS/$1.pid"))" || echo " (not started by this script)")"
  else printf '  %-9s down  port %s\n' "$1" "$2"; fi
}

case "${1:-status}" in
  start)
    kafka_start
    ferretdb_start
    maildev_start
    jaeger_start
    external_kafka || topics_create
    say "ready"
    ;;
  stop)
    stop_one jaeger
    stop_one maildev
    stop_one ferretdb
    stop_one kafka 60
    ;;
  status)
    status_one kafka "$KAFKA_PORT"
    status_one ferretdb "$MONGO_PORT"
    status_one maildev "$MAILDEV_WEB_PORT"
    status_one jaeger "$JAEGER_UI_PORT"
    ;;
  reset)
    "$0" stop
    rm -rf "$RUN/kafka" "$RUN/ferretdb"
    say "data removed (.run/kafka, .run/ferretdb)"
    ;;
  kafka-stop) stop_one kafka 60 ;;
  ferretdb-stop) stop_one ferretdb ;;
  kafka-start) kafka_start ;;
  jaeger-start) jaeger_start ;;
  jaeger-stop) stop_one jaeger ;;
  *) die "usage: infra.sh start|stop|status|reset" ;;
esac
