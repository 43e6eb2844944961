#!/bin/sh
# agent-connector installer (POSIX sh). Downloads this machine's release archive and SHA256SUMS,
# checks the archive's SHA-256, unpacks it and runs `agent-connector self-install`, which copies
# the binary to $AGENT_CONNECTOR_HOME/bin (default ~/.agent-connector/bin): the path every hook
# command calls. Written by build/release.ts; AGENT_CONNECTOR_RELEASE_BASE overrides where from.
set -eu

base="${AGENT_CONNECTOR_RELEASE_BASE:-@BASE@}"
base="${base%/}"

fail() {
  echo "agent-connector install: $*" >&2
  exit 1
}

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) fail "unsupported system $(uname -s); on Windows run install.ps1" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  arm64 | aarch64) arch=arm64 ;;
  *) fail "unsupported processor $(uname -m)" ;;
esac
# An x64 shell under Rosetta on Apple silicon: the native build is faster.
if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
  arch=arm64
fi
archive="agent-connector-$os-$arch.tar.gz"

download() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -o "$2" "$1" || fail "cannot download $1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1" || fail "cannot download $1"
  else
    fail "needs curl or wget"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/^.*= *//'
  else
    fail "needs sha256sum, shasum or openssl to check the download"
  fi
}

tmp="$(mktemp -d 2>/dev/null || mktemp -d -t agent-connector)"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

echo "agent-connector install: $base/$archive" >&2
download "$base/SHA256SUMS" "$tmp/SHA256SUMS"
download "$base/$archive" "$tmp/$archive"
expected="$(awk -v name="$archive" '$2 == name || $2 == "*" name { print tolower($1); exit }' "$tmp/SHA256SUMS")"
[ -n "$expected" ] || fail "SHA256SUMS lists no $archive"
actual="$(sha256 "$tmp/$archive" | tr 'A-F' 'a-f')"
[ "$expected" = "$actual" ] || fail "checksum mismatch for $archive: SHA256SUMS says $expected, the download is $actual"

mkdir "$tmp/unpacked"
tar -xzf "$tmp/$archive" -C "$tmp/unpacked" || fail "cannot unpack $archive"
chmod 755 "$tmp/unpacked/agent-connector"
"$tmp/unpacked/agent-connector" self-install
