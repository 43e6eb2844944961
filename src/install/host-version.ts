import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Adapter, VerifiedAgainst } from "../adapter.ts";

/** How the installed host's version stands against the versions its adapter was checked with. */
export type Standing = "verified" | "within" | "newer" | "older" | "unknown";

export interface HostVersion {
  /** The installed host's version, when it could be read. */
  installed?: string;
  standing: Standing;
  verified: readonly VerifiedAgainst[];
}

const VERSION = /\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.]+)?/;

/** Compares dotted versions numerically (2.1.10 > 2.1.9); a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = a.split("-", 2) as [string, string?];
  const [coreB, preB] = b.split("-", 2) as [string, string?];
  const partsA = coreA.split(".").map(Number);
  const partsB = coreB.split(".").map(Number);
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const diff = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (diff) return Math.sign(diff);
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

/** Where `installed` stands: one of the versions checked, between two of them, or outside them. */
export function standingOf(installed: string | undefined, verified: readonly VerifiedAgainst[]): Standing {
  const versions = verified.flatMap((v) => (v.version ? [v.version] : [])).sort(compareVersions);
  if (!installed || !versions.length) return "unknown";
  if (versions.some((v) => compareVersions(v, installed) === 0)) return "verified";
  if (compareVersions(installed, versions.at(-1)!) > 0) return "newer";
  if (compareVersions(installed, versions[0]!) < 0) return "older";
  return "within";
}

/** The version in a program's `--version` output or a package.json's `version`. */
export const versionIn = (text: string): string | undefined => VERSION.exec(text)?.[0];

/** The npm package's own version, found from its program on PATH (a global install links it): no process started. */
function npmPackageVersion(program: string, pkg: string): string | undefined {
  let dir = dirname(realpathSync(program));
  for (let up = 0; up < 8; up++) {
    try {
      const parsed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (parsed.name === pkg && typeof parsed.version === "string") return versionIn(parsed.version);
    } catch {
      // No package.json here: one folder up.
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The program's own answer to `--version`, within a few seconds (some hosts start a runtime first). */
async function versionByRunning(program: string, env: Record<string, string | undefined>): Promise<string | undefined> {
  try {
    const proc = Bun.spawn([program, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: env as Record<string, string> });
    const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    clearTimeout(timer);
    return proc.exitCode === 0 ? versionIn(out) : undefined;
  } catch {
    return undefined;
  }
}

/** The installed host's version, read the cheapest way its adapter allows; undefined when it cannot tell. */
async function installedVersion(adapter: Adapter, env: Record<string, string | undefined>): Promise<string | undefined> {
  const bin = adapter.detect.bins[0];
  if (!adapter.version || !bin) return undefined;
  const program = Bun.which(bin, { PATH: env.PATH ?? "" });
  if (!program) return undefined;
  if (adapter.version.npm) {
    try {
      const found = npmPackageVersion(program, adapter.version.npm);
      if (found) return found;
    } catch {
      // Not a link into a package: ask the program.
    }
  }
  return adapter.version.run ? versionByRunning(program, env) : undefined;
}

export async function hostVersion(adapter: Adapter, env: Record<string, string | undefined>): Promise<HostVersion> {
  const installed = await installedVersion(adapter, env);
  return { ...(installed ? { installed } : {}), standing: standingOf(installed, adapter.verified), verified: adapter.verified };
}

const checkWords = (v: VerifiedAgainst) => (v.version ? `${v.version} (${v.by}, ${v.on})` : `${v.by} of ${v.on}`);

/** One line for doctor: the host's version and how it stands; never a failure by itself. */
export function hostVersionLine(name: string, version: HostVersion): string {
  const checked = version.verified.length ? version.verified.map(checkWords).join(", ") : "none on record";
  if (!version.installed) return `${name}: version not known here; checked against ${checked}`;
  const standing: Record<Standing, string> = {
    verified: "a version checked",
    within: "between versions checked",
    newer: "newer than any version checked (the probes above show whether its hooks still answer)",
    older: "older than any version checked: some events or replies may not be honoured",
    unknown: "no version on record to compare with",
  };
  return `${name} ${version.installed}: ${standing[version.standing]} (checked against ${checked})`;
}
