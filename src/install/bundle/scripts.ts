/**
 * The scripts an MDM runs from an unpacked bundle, as root (install.sh, uninstall.sh) or SYSTEM
 * (install.ps1, uninstall.ps1). Each checks every file against the sums it carries before anything
 * runs, runs the bundle's own binary, and prints one line on stdout:
 *   agent-connector-bundle: <result> <connector> <version> hosts=<ids> rc=<exit code>[ reason=<word>]
 * Exit codes: BUNDLE_EXIT (docs/fleet.md lists them for administrators).
 */

export const BUNDLE_EXIT = {
  ok: 0,
  notAdmin: 10,
  badSums: 11,
  wrongTarget: 12,
  hostFile: 13,
  unsafeFolder: 14,
  failed: 15,
} as const;

export interface ScriptFacts {
  connector: string;
  version: string;
  target: string;
  hosts: readonly string[];
  lock: boolean;
  /** The binary and the snapshot, by their paths in the archive. */
  binary: string;
  snapshot: string;
  /** Path in the archive → sha256, for every file the script checks. */
  sums: Record<string, string>;
}

/** A value in single quotes, for sh; every value here is ours (ids, versions, hex), never free text. */
const sq = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
const psq = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** uname's words for each Unix target (Linux says aarch64, macOS arm64). */
const UNAME_TARGETS = [
  "Linux-x86_64) here_target=linux-x64",
  "Linux-aarch64|Linux-arm64) here_target=linux-arm64",
  "Darwin-x86_64) here_target=darwin-x64",
  "Darwin-arm64) here_target=darwin-arm64",
];

function shScript(facts: ScriptFacts, action: "install" | "uninstall"): string {
  const E = BUNDLE_EXIT;
  const run =
    action === "install"
      ? `"$here/${facts.binary}" install --scope managed --snapshot "$here/${facts.snapshot}" --platform "$HOSTS"${facts.lock ? " --lock" : ""} --replace --json`
      : `"$here/${facts.binary}" uninstall --connector "$ID" --scope managed --platform "$HOSTS" --json`;
  const [done, changedPattern] =
    action === "install" ? ["installed", `*'"status": "installed"'*|*'"changed": true'*`] : ["uninstalled", `*'"status": "removed"'*`];
  return `#!/bin/sh
# agent-connector bundle: ${action === "install" ? "installs" : "uninstalls"} the connector ${facts.connector} (agent-connector ${facts.version}, ${facts.target}) at managed scope.
# Run as root. Prints one line on stdout (details go to stderr):
#   agent-connector-bundle: <${done}|unchanged|failed> <connector> <version> hosts=<ids> rc=<code>[ reason=<word>]
# Exit codes: ${E.ok} done or nothing to change, ${E.notAdmin} not root, ${E.badSums} a file of the bundle is missing or
# differs from its sha256 (nothing written), ${E.wrongTarget} the bundle is for another OS or CPU, ${E.hostFile} a host's
# managed file cannot be parsed, ${E.unsafeFolder} the system folder can be written by others, ${E.failed} any other failure.
# Running it again changes nothing that is already as it should be.
set -u
ID=${sq(facts.connector)}
VERSION=${sq(facts.version)}
TARGET=${sq(facts.target)}
HOSTS=${sq(facts.hosts.join(","))}
SUMS=${sq(
    `\n${Object.entries(facts.sums)
      .map(([file, sum]) => `${sum}  ${file}`)
      .join("\n")}\n`,
  )}

result() {
  printf 'agent-connector-bundle: %s %s %s hosts=%s rc=%s%s\\n' "$1" "$ID" "$VERSION" "$HOSTS" "$2" "\${3:+ reason=$3}"
  exit "$2"
}

here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd -P) || result failed ${E.failed} no-folder
[ "$(id -u)" = 0 ] || result failed ${E.notAdmin} not-root
case "$(uname -s)-$(uname -m)" in
${UNAME_TARGETS.map((line) => `  ${line} ;;`).join("\n")}
  *) here_target="$(uname -s)-$(uname -m)" ;;
esac
[ "$here_target" = "$TARGET" ] || result failed ${E.wrongTarget} "target-$here_target"

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d ' ' -f 1
}
bad=$(printf '%s' "$SUMS" | while read -r want file; do
  [ -n "$file" ] || continue
  if [ ! -f "$here/$file" ] || [ "$(sha256 "$here/$file")" != "$want" ]; then echo "$file"; break; fi
done)
[ -z "$bad" ] || result failed ${E.badSums} "sha256-$bad"

# The bundle's binary is what the managed install copies, whatever this environment names.
unset AGENT_CONNECTOR_BIN
out=$(${run})
rc=$?
# What went wrong, for the MDM's log: the JSON report names each file and its problem.
[ "$rc" = 0 ] || printf '%s\n' "$out" >&2
case $rc in
  0) ;;
  4) result failed ${E.hostFile} host-file ;;
  6) result failed ${E.unsafeFolder} unsafe-folder ;;
  7) result failed ${E.notAdmin} not-root ;;
  *) result failed ${E.failed} "${action}-exit-$rc" ;;
esac
case $out in
  ${changedPattern}) result ${done} 0 ;;
  *) result unchanged 0 ;;
esac
`;
}

function ps1Script(facts: ScriptFacts, action: "install" | "uninstall"): string {
  const E = BUNDLE_EXIT;
  const binary = facts.binary.replace(/\//g, "\\");
  const argv =
    action === "install"
      ? `@('install', '--scope', 'managed', '--snapshot', (Join-Path $here ${psq(facts.snapshot.replace(/\//g, "\\"))}), '--platform', $Hosts${facts.lock ? ", '--lock'" : ""}, '--replace', '--json')`
      : `@('uninstall', '--connector', $Id, '--scope', 'managed', '--platform', $Hosts, '--json')`;
  const [done, changed] = action === "install" ? ["installed", `'"status": "installed"|"changed": true'`] : ["uninstalled", `'"status": "removed"'`];
  return `# agent-connector bundle: ${action === "install" ? "installs" : "uninstalls"} the connector ${facts.connector} (agent-connector ${facts.version}, ${facts.target}) at managed scope.
# Run as SYSTEM or an administrator. Prints one line (details go to the error stream):
#   agent-connector-bundle: <${done}|unchanged|failed> <connector> <version> hosts=<ids> rc=<code>[ reason=<word>]
# Exit codes: ${E.ok} done or nothing to change, ${E.notAdmin} not an administrator, ${E.badSums} a file of the bundle is missing
# or differs from its sha256 (nothing written), ${E.wrongTarget} the bundle is for another OS or CPU, ${E.hostFile} a host's
# managed file cannot be parsed, ${E.unsafeFolder} the system folder can be written by others, ${E.failed} any other failure.
$ErrorActionPreference = 'Continue'
$Id = ${psq(facts.connector)}
$Version = ${psq(facts.version)}
$Hosts = ${psq(facts.hosts.join(","))}
$Sums = [ordered]@{
${Object.entries(facts.sums)
  .map(([file, sum]) => `  ${psq(file.replace(/\//g, "\\"))} = ${psq(sum)}`)
  .join("\n")}
}

function Result([string]$What, [int]$Code, [string]$Reason = '') {
  $line = "agent-connector-bundle: $What $Id $Version hosts=$Hosts rc=$Code"
  if ($Reason) { $line += " reason=$Reason" }
  Write-Output $line
  exit $Code
}

$here = Split-Path -Parent $MyInvocation.MyCommand.Path
$identity = [Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()
if (-not $identity.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) { Result 'failed' ${E.notAdmin} 'not-admin' }
if ($env:PROCESSOR_ARCHITECTURE -ne 'AMD64') { Result 'failed' ${E.wrongTarget} "target-$($env:PROCESSOR_ARCHITECTURE)" }

foreach ($file in $Sums.Keys) {
  $path = Join-Path $here $file
  if (-not (Test-Path -LiteralPath $path -PathType Leaf)) { Result 'failed' ${E.badSums} "sha256-$file" }
  if ((Get-FileHash -LiteralPath $path -Algorithm SHA256).Hash.ToLowerInvariant() -ne $Sums[$file]) { Result 'failed' ${E.badSums} "sha256-$file" }
}

# The bundle's binary is what the managed install copies, whatever this environment names.
Remove-Item Env:AGENT_CONNECTOR_BIN -ErrorAction SilentlyContinue
$argv = ${argv}
$out = & (Join-Path $here ${psq(binary)}) @argv | Out-String
$rc = $LASTEXITCODE
# What went wrong, for the MDM's log: the JSON report names each file and its problem.
if ($rc -ne 0) { [Console]::Error.WriteLine($out) }
switch ($rc) {
  0 { }
  4 { Result 'failed' ${E.hostFile} 'host-file' }
  6 { Result 'failed' ${E.unsafeFolder} 'unsafe-folder' }
  7 { Result 'failed' ${E.notAdmin} 'not-admin' }
  default { Result 'failed' ${E.failed} "${action}-exit-$rc" }
}
if ($out -match ${changed}) { Result '${done}' 0 }
Result 'unchanged' 0
`;
}

/** The scripts of a target's archive, by name: sh for Linux and macOS, PowerShell for Windows. */
export function bundleScripts(facts: Omit<ScriptFacts, "sums">, sums: Record<string, string>, windows: boolean): Record<string, string> {
  const all = { ...facts, sums };
  return windows
    ? { "install.ps1": ps1Script(all, "install"), "uninstall.ps1": ps1Script(all, "uninstall") }
    : { "install.sh": shScript(all, "install"), "uninstall.sh": shScript(all, "uninstall") };
}
