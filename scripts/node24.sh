# Puts Node.js 24 LTS, the project's runtime, first on the PATH of the shell that sources this file
# from the project's folder (`. scripts/node24.sh`; .ci/run does the same). A machine whose Node is
# older gets it from the npm registry's `node` package, installed once into .tools/node24 (no root
# needed). A native module that must compile (better-sqlite3 without a prebuilt binary for the machine) is then built against that Node's own headers, which
# the package carries: a build against an older Node's headers would load and crash.
# POSIX sh, no `set -e`: it runs inside the caller's shell.

node24_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node24_major" -lt 24 ]; then
  node24_dir="$(pwd)/.tools/node24"
  if [ ! -x "$node24_dir/node_modules/node/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo '(ninguno)') es anterior a la 24: instalando Node 24 LTS en .tools/node24 ..." >&2
    npm install --prefix "$node24_dir" --no-save --no-audit --no-fund --loglevel=error node@24 >&2 ||
      echo "No se pudo instalar Node 24 (npm install node@24). Instálalo a mano: https://nodejs.org/" >&2
  fi
  if [ -x "$node24_dir/node_modules/node/bin/node" ]; then
    PATH="$node24_dir/node_modules/node/bin:$PATH"
    export PATH
    hash -r 2>/dev/null || true
  fi
fi
# The headers of a Node that came from the `node` package sit beside its binary.
for node24_headers in "$(dirname "$(node -p 'process.execPath' 2>/dev/null)")"/../node_modules/node-*/; do
  if [ -f "$node24_headers/include/node/node_version.h" ]; then
    npm_config_nodedir="$(cd "$node24_headers" && pwd)"
    export npm_config_nodedir
  fi
done
unset node24_major node24_dir node24_headers
