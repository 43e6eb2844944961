import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, hostTarget, parseSums, TARGETS, type Target } from "../self/release.ts";

/** A target's OS as process.platform names it (what PathContext.os and the managed layout take). */
export const targetOs = (target: Target): "linux" | "darwin" | "win32" =>
  target.startsWith("windows") ? "win32" : target.startsWith("darwin") ? "darwin" : "linux";

export class BundleTargetError extends Error {}

/** `--target a,b` (default: this machine's), each a release target. */
export function parseTargets(value: string | undefined): Target[] {
  const names = value ? [...new Set(value.split(",").map((t) => t.trim()))].filter(Boolean) : [hostTarget()];
  for (const name of names)
    if (!(TARGETS as readonly string[]).includes(name)) throw new BundleTargetError(`unknown --target ${name}; known: ${TARGETS.join(", ")}`);
  return names as Target[];
}

export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/**
 * The binary a target's archive carries. This machine's target: the running binary (what the
 * administrator tested). Another target: the release artifact of that name in `--binaries`
 * (`agent-connector-<target>[.exe]`, as build/release.ts names them), checked against the
 * folder's SHA256SUMS when it has one. A compiled binary cannot build another one (building needs
 * the source and Bun's toolchain), so a bundle never compiles: the release is where binaries come from.
 */
export function targetBinary(target: Target, running: string | undefined, binaries: string | undefined): { bytes: Uint8Array; from: string } {
  if (target === hostTarget() && running) return { bytes: readFileSync(running), from: running };
  const name = artifactName(target);
  const file = binaries ? join(binaries, name) : undefined;
  if (!file || !existsSync(file))
    throw new BundleTargetError(
      `no binary for ${target}: pass --binaries <folder> holding the release's ${name} (download it from the release, or build it with bun build/release.ts --targets ${target})${running ? "" : `; this machine's target ${hostTarget()} needs it too when agent-connector runs from source`}`,
    );
  const bytes = readFileSync(file);
  const sums = join(binaries!, "SHA256SUMS");
  if (existsSync(sums)) {
    const expected = parseSums(readFileSync(sums, "utf8")).get(name);
    if (expected && expected !== sha256(bytes)) throw new BundleTargetError(`${file} does not match its sha256 in ${sums}: download it again`);
  }
  return { bytes, from: file };
}
