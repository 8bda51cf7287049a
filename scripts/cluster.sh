#!/usr/bin/env bash
# The app as a cluster on this machine, in the shape it has on several:
# nginx (load balancer, 127.0.0.1) → N production server processes → one PostgreSQL.
#
#   scripts/cluster.sh                 starts it, prints the URL, runs until Ctrl-C
#   scripts/cluster.sh COMMAND…        runs COMMAND against it (CLUSTER_URL: nginx; CLUSTER_APP_URLS:
#                                      each process, space-separated), then stops
#                                      everything and exits with COMMAND's code (for CI)
#
# Settings (environment):
#   CLUSTER_PROCESSES    app processes behind nginx (default 2, 1–3)
#   CLUSTER_PORT         nginx's port (default: a free one); when set, the apps take the next ports
#   DATABASE_URL         unset: a throwaway PostgreSQL from scripts/with-postgres.sh (PGTEST_PORT)
#   CLUSTER_TRUST_PROXY  TRUST_PROXY of the apps (default 1: nginx is the one proxy; the browser
#                        tests use 2, to present a client address of their own as X-Forwarded-For)
#   CLUSTER_INFO         a file to write the URL and the pids to (the benchmark reads it)
#   CLUSTER_NGINX_WORKERS  nginx worker processes (default 1)
#   METRICS_TOKEN        passed on to every app: then each app's own port (CLUSTER_APP_URLS) is
#                        a Prometheus target, /metrics with the bearer token; nginx's port is not
#                        (it would answer from a different process each time)
# Everything it starts is stopped by pid on exit, Ctrl-C included; its temp dir is deleted.
set -euo pipefail

self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
root="$(cd "$(dirname "$self")/.." && pwd)"
cd "$root"

# One PostgreSQL for every process: a throwaway one unless DATABASE_URL names one.
if [ -z "${DATABASE_URL:-}" ]; then exec "$root/scripts/with-postgres.sh" "$self" "$@"; fi

processes="${CLUSTER_PROCESSES:-2}"
case "$processes" in 1 | 2 | 3) ;; *) echo "CLUSTER_PROCESSES must be 1, 2 or 3." >&2; exit 2 ;; esac
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if [ ! -x "$nginx_bin" ]; then
  echo "nginx is not installed (apt-get install -y nginx)." >&2
  exit 1
fi
if [ ! -f build/server/index.js ]; then
  echo "No build yet: running npm run build first."
  npm run build
fi

# N distinct free ports, chosen while all N listeners are open: asked for one at a time, the
# kernel may hand the same ephemeral port out twice (it did: two apps on one port, one of them
# refused, and nginx sent every request to the other).
free_ports() {
  node -e "
    const net = require('net');
    const servers = Array.from({ length: Number(process.argv[1]) }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, '127.0.0.1', ok)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(' '));
      servers.forEach((s) => s.close());
    });
  " "$1"
}

work="$(mktemp -d /tmp/ascendra-cluster.XXXXXX)"
pids=()
stopped=0
stop_all() {
  [ "$stopped" = 1 ] && return
  stopped=1
  # The processes we started, by pid: SIGTERM, then SIGKILL for any still running after 10 s.
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 100); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "${CLUSTER_PORT:-}" ]; then
  port="$CLUSTER_PORT"
  app_ports=()
  for i in $(seq "$processes"); do app_ports+=($((port + i))); done
else
  read -r port rest <<<"$(free_ports $((processes + 1)))"
  read -r -a app_ports <<<"$rest"
fi
url="http://127.0.0.1:$port"

# ---- Uploads: the one place that says where every process keeps uploaded files --------------
# Every process must see the same files: they go to the shared store in PostgreSQL
# (UPLOADS_STORAGE=postgres, decision 0042), and each process has a DATA_DIR of its own for
# what is really its own (files being checked while a request streams in). An S3-compatible
# bucket would be UPLOADS_STORAGE=s3 with its UPLOADS_S3_* settings here instead.
uploads_env=(UPLOADS_STORAGE=postgres)
# -----------------------------------------------------------------------------------------------

# The settings every process must share (README "Deployment shape"); PORT, INSTANCE_NAME and
# DATA_DIR differ.
shared_env=(
  NODE_ENV=production
  HOST=127.0.0.1
  DATABASE_URL="$DATABASE_URL"
  PUBLIC_URL="$url"
  ALLOWED_HOSTS="localhost:$port"
  TRUST_PROXY="${CLUSTER_TRUST_PROXY:-1}"
  PAYMENTS="${PAYMENTS:-test}"
  "${uploads_env[@]}"
)

# All at once, as a deployment starts them: boot takes an advisory lock (decision 0039).
app_pids=()
for i in $(seq "$processes"); do
  mkdir -p "$work/data$i"
  env "${shared_env[@]}" PORT="${app_ports[$((i - 1))]}" INSTANCE_NAME="app$i" DATA_DIR="$work/data$i" \
    node server.js >"$work/app$i.log" 2>&1 &
  pids+=($!)
  app_pids+=($!)
done

mkdir -p "$work/nginx"
user_line=""
# A master started as root would run its workers as nobody, who cannot read this temp dir.
[ "$(id -u)" = 0 ] && user_line="user $(id -un) $(id -gn);"
upstream_servers=""
for p in "${app_ports[@]}"; do upstream_servers+="    server 127.0.0.1:$p;"$'\n'; done
cat >"$work/nginx/nginx.conf" <<EOF
$user_line
daemon off;
worker_processes ${CLUSTER_NGINX_WORKERS:-1};
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/client_body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  # Above the app's own largest upload limit, so the app answers a too-large file with its message.
  client_max_body_size 100m;
  # Round robin over the processes, with connections kept open to them (the apps keep idle
  # connections 65 s, longer than nginx's 60 s: decision 0027).
  upstream ascendra {
$upstream_servers    keepalive 16;
  }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://ascendra;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The Host the visitor asked for (the apps check it: PUBLIC_URL, ALLOWED_HOSTS), and the
      # client's address and scheme, which the apps read as far as TRUST_PROXY allows (decision 0029).
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # nginx's id for the request (32 hex digits, replacing any the client sent): the apps trust
      # it from their proxy and log it as requestId, so one id names the request everywhere
      # (README "Operating it").
      proxy_set_header X-Request-Id \$request_id;
    }
  }
}
EOF

# Every app process still running; otherwise says which logs to read and fails.
apps_alive() {
  for pid in "${app_pids[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "An app process exited during boot:" >&2
      tail -n 30 "$work"/app*.log >&2
      return 1
    fi
  done
}

wait_healthy() {
  local target="$1" what="$2"
  for _ in $(seq 600); do
    curl -fsS -o /dev/null "$target/healthz" 2>/dev/null && return 0
    apps_alive || return 1
    sleep 0.1
  done
  echo "$what did not become healthy within 60 s." >&2
  tail -n 30 "$work"/app*.log >&2
  return 1
}

for i in $(seq "$processes"); do
  p="${app_ports[$((i - 1))]}"
  wait_healthy "http://127.0.0.1:$p" "The app on port $p"
  # The process that answers on this port is the one started for it (X-Instance names it).
  instance="$(curl -fsS -D - -o /dev/null "http://127.0.0.1:$p/healthz" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-instance" { print $2 }')"
  if [ "$instance" != "app$i" ]; then
    echo "Port $p answered as '${instance}', not app$i." >&2
    tail -n 30 "$work"/app*.log >&2
    exit 1
  fi
done
apps_alive || exit 1
"$nginx_bin" -e "$work/nginx/error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
pids+=("$nginx_pid")
wait_healthy "$url" "nginx on port $port"

echo "Cluster: $url (nginx pid $nginx_pid → app processes ${app_pids[*]} on ports ${app_ports[*]})"
if [ -n "${CLUSTER_INFO:-}" ]; then
  printf '{"url":"%s","nginx":%d,"apps":[%s],"dir":"%s"}\n' \
    "$url" "$nginx_pid" "$(IFS=,; echo "${app_pids[*]}")" "$work" >"$CLUSTER_INFO"
fi

if [ $# -gt 0 ]; then
  set +e
  app_urls=""
  for p in "${app_ports[@]}"; do app_urls+="${app_urls:+ }http://127.0.0.1:$p"; done
  CLUSTER_URL="$url" CLUSTER_APP_URLS="$app_urls" "$@"
  code=$?
  set -e
  exit "$code"
fi

echo "Ctrl-C stops it. Logs: $work/app*.log, $work/nginx/error.log"
while true; do
  for pid in "${pids[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "Process $pid exited; stopping the cluster." >&2
      tail -n 30 "$work"/app*.log "$work/nginx/error.log" >&2
      exit 1
    fi
  done
  sleep 1
done
