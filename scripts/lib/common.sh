# Shared helpers of scripts/run and scripts/test. Source it; do not run it.

# Each step says how long the one before it took (CI's log shows where the time goes).
_step_started=""
_step_name=""
step() {
  local now
  now=$(date +%s)
  if [ -n "$_step_started" ]; then
    printf '\033[2m    (%s: %ds)\033[0m\n' "$_step_name" $((now - _step_started))
  fi
  _step_started=$now
  _step_name="$*"
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}

# Closes the last step's timing.
step_end() {
  [ -n "$_step_started" ] && printf '\033[2m    (%s: %ds)\033[0m\n' "$_step_name" $(($(date +%s) - _step_started))
  _step_started=""
}
fail() { printf '\033[31mFAILED: %s\033[0m\n' "$*" >&2; exit 1; }

# Runs apt-get install for the packages not installed yet (CI and fresh machines run as root).
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  step "installing ${missing[*]} (apt)"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Node 20.19 or newer is needed by Vite; cargo by everything else.
check_toolchain() {
  command -v cargo >/dev/null || fail "cargo is missing: install Rust (rustup) first"
  command -v node >/dev/null || apt_install nodejs npm
  local major minor
  IFS=. read -r major minor _ <<<"$(node -p 'process.versions.node')"
  if [ "$major" -lt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -lt 19 ]; }; then
    fail "Node $(node -v) is too old: Beehive's web build needs Node 20.19 or newer"
  fi
}

# `npm ci` in $1 unless node_modules already matches package-lock.json.
npm_ci() {
  local dir=$1 stamp sum
  stamp="$dir/node_modules/.beehive-lock-sha"
  sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
    return 0
  fi
  step "npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$sum" >"$stamp"
}
