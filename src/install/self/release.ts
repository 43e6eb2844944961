import { basename } from "node:path";

/**
 * Release artifacts: one binary per target, named `agent-connector-<os>-<arch>[.exe]`, the same
 * compressed (`.tar.gz`, `.zip` on Windows), and SHA256SUMS beside them (`<hex>  <name>` per line, as sha256sum writes it). build/release.ts
 * writes them; install.sh, install.ps1 and `upgrade` read them.
 */

export const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"] as const;
export type Target = (typeof TARGETS)[number];

export const artifactName = (target: string): string => `agent-connector-${target}${target.startsWith("windows") ? ".exe" : ""}`;

/** The compressed download for a target: a .tar.gz holding `agent-connector` (a .zip holding `agent-connector.exe` on Windows). */
export const archiveName = (target: string): string => `agent-connector-${target}${target.startsWith("windows") ? ".zip" : ".tar.gz"}`;

/** This machine's target, e.g. linux-x64. */
export const hostTarget = (platform: string = process.platform, arch: string = process.arch): string =>
  `${platform === "win32" ? "windows" : platform}-${arch}`;

/** name → lowercase hex digest. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{64}) [ *]?(.+)$/.exec(line.trim());
    if (match) sums.set(basename(match[2]!), match[1]!.toLowerCase());
  }
  return sums;
}

export const formatSums = (entries: readonly { name: string; sha256: string }[]): string => entries.map((e) => `${e.sha256}  ${e.name}\n`).join("");
