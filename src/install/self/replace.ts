import { existsSync, linkSync, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../../host-config/atomic-write.ts";
import { VERSION_LINE } from "../../version.ts";

/**
 * Puts a new binary at a path every hook command execs, so that no host ever runs half a file or
 * a binary that cannot start: the new bytes are written beside it under another name (atomic,
 * fsynced), must answer `--version` there, and only then take the path over by rename; the old
 * file is kept as `<path>.old` until the new one answers `--version` at the path, and comes back
 * if it does not.
 */

export interface Replaced {
  status: "installed" | "replaced" | "unchanged";
  path: string;
  /** `--version` of the binary that was there, when there was one. */
  previous?: string;
  /** `--version` of the binary now there ("" on a dry run: nothing was started). */
  version: string;
}

export class BinaryCheckError extends Error {}

/** The version a binary reports, or a BinaryCheckError saying why it does not answer. */
export function binaryVersion(path: string): string {
  let proc: { stdout: Buffer; stderr: Buffer; exitCode: number | null };
  try {
    proc = Bun.spawnSync([path, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 20_000 });
  } catch (error) {
    throw new BinaryCheckError(`${path} does not start: ${(error as Error).message}`);
  }
  const out = proc.stdout.toString();
  const match = VERSION_LINE.exec(out);
  if (proc.exitCode !== 0 || !match) {
    const said = `${out}${proc.stderr.toString()}`.trim().slice(0, 200);
    throw new BinaryCheckError(`${path} did not answer --version as agent-connector does (exit ${proc.exitCode ?? "killed"}${said ? `: ${said}` : ""})`);
  }
  return match[0];
}

const sameBytes = (path: string, bytes: Uint8Array): boolean => existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0;

export function replaceBinary(path: string, bytes: Uint8Array, options: { dryRun?: boolean } = {}): Replaced {
  const existed = existsSync(path);
  const previous = existed ? safeVersion(path) : undefined;
  if (sameBytes(path, bytes)) return { status: "unchanged", path, ...(previous ? { previous } : {}), version: previous ?? "" };
  const status = existed ? "replaced" : "installed";
  // A dry run writes nothing, so the new binary is not started either.
  if (options.dryRun) return { status, path, ...(previous ? { previous } : {}), version: "" };
  const staged = `${path}.new`;
  const old = `${path}.old`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  writeFileAtomic(staged, bytes, { mode: 0o755 });
  let version: string;
  try {
    version = binaryVersion(staged);
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }
  if (existed) keepOld(path, old);
  renameSync(staged, path);
  try {
    version = binaryVersion(path);
  } catch (error) {
    if (existed) renameSync(old, path);
    else rmSync(path, { force: true });
    throw error;
  }
  // Windows cannot delete an exe that is running (a hook may be using the old one right now): it stays until next time.
  rmSync(old, { force: true, maxRetries: 0 });
  return { status, path, ...(previous ? { previous } : {}), version };
}

/**
 * `<path>.old` holds the current binary while the new one takes over. POSIX: a second link to
 * the same file, so the path itself never disappears; Windows cannot rename over a running exe
 * but can rename it away, so there the path is empty for one rename.
 */
function keepOld(path: string, old: string): void {
  rmSync(old, { force: true });
  if (process.platform === "win32") return renameSync(path, old);
  try {
    linkSync(path, old);
  } catch {
    copyFileSync(path, old);
  }
}

function safeVersion(path: string): string | undefined {
  try {
    return binaryVersion(path);
  } catch {
    return undefined;
  }
}
