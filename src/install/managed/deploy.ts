import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { parseCompiled, renderCompiled, SNAPSHOT_SUFFIX, type CompiledMeta } from "../../compiled/artifact.ts";
import { writeFileAtomic } from "../../host-config/atomic-write.ts";
import { readSnapshot } from "../compile-connector.ts";
import { managedBinary, managedConnectorsDir, managedLibDir, managedSnapshot } from "./layout.ts";

type Env = Record<string, string | undefined>;

/** A managed file: where it is, and whether this run wrote it. */
export interface Deployed {
  path: string;
  changed: boolean;
}

/** A folder that another user could write to, or that is not the administrator's: the copies in it could be swapped. */
export class UnsafeManagedFolder extends Error {}

const IS_WINDOWS = process.platform === "win32";

/**
 * Why this process cannot write a managed install, or undefined. Managed files are the machine's:
 * only root (Administrators on Windows, where the write itself says so) may write them.
 */
export function adminProblem(): string | undefined {
  if (IS_WINDOWS || process.getuid?.() === 0) return undefined;
  return "--scope managed writes the machine's files (the hosts' managed settings and /usr/local/lib/agent-connector): run it as root, e.g. sudo agent-connector install --scope managed …";
}

/**
 * Each folder of the managed layout, made when missing (0755), then checked: a directory (not a
 * link), owned by root, writable by no one else. Checked also when it was there before us: a
 * folder a user could write to would let them replace what every user's hooks run.
 */
function ensureFolders(env: Env): void {
  const lib = managedLibDir(env);
  for (const folder of [lib, dirname(managedBinary(env)), managedConnectorsDir(env)]) {
    if (!existsSync(folder)) {
      mkdirSync(folder, { recursive: true, mode: 0o755 });
      chmodSync(folder, 0o755); // the umask may have taken bits mkdir was given
    }
    if (IS_WINDOWS) continue; // ACLs, not modes: Program Files' inherited ones (not yet checked here)
    const stat = lstatSync(folder);
    const why = !stat.isDirectory()
      ? "is not a folder"
      : stat.uid !== 0
        ? `is owned by uid ${stat.uid}, not root`
        : stat.mode & 0o022
          ? `can be written by ${stat.mode & 0o002 ? "every user" : "its group"}`
          : undefined;
    if (why)
      throw new UnsafeManagedFolder(
        `${folder} ${why}: every user's hooks would run what is in it. Make it root's and not writable by others (sudo chown root: ${folder} && sudo chmod 755 ${folder}), or remove it, then install again.`,
      );
  }
}

/** Writes `bytes` to `path` unless it already holds them (a second install changes no byte). */
function place(path: string, bytes: Uint8Array, mode: number): Deployed {
  let current: Buffer | undefined;
  try {
    current = readFileSync(path);
  } catch {
    current = undefined;
  }
  if (current?.equals(bytes) && (IS_WINDOWS || (lstatSync(path).mode & 0o777) === mode)) return { path, changed: false };
  writeFileAtomic(path, bytes, { mode, ...(IS_WINDOWS ? {} : { owner: { uid: 0, gid: 0 } }) });
  return { path, changed: true };
}

/**
 * Copies the binary and the connector's snapshot (compiled and frozen by this install, in the
 * administrator's own compiled folder) to the managed folder: the hook commands name only these,
 * so nothing of any user's home, or of the folder the source came from, is run. The snapshot is
 * readable by every user (their hooks evaluate it); a large one's bytecode goes with it.
 */
export function deployManaged(
  id: string,
  binarySource: string,
  env: Env = process.env,
  prebuilt?: { meta: CompiledMeta; body: string },
): { binary: Deployed; snapshot: Deployed } {
  // A prebuilt one (install --snapshot, from a bundle) is copied as it is made; else this install's.
  const snapshot = prebuilt ?? readSnapshot(id, env);
  if (!snapshot)
    throw new Error(
      `${id} could not be compiled into a snapshot, and a managed install runs only a snapshot (it never follows a source in someone's folder): fix what agent-connector compile reports, then install again`,
    );
  ensureFolders(env);
  const binary = place(managedBinary(env), readFileSync(binarySource), 0o755);
  const path = managedSnapshot(id, env);
  // Frozen, it follows no input, and names itself as its source: every user's hook errors point
  // at the file they run, and nothing in it names the administrator's folders (root's registry
  // keeps where it came from). Made again from the same source it keeps its first time, so that a
  // second install changes no byte.
  const meta: CompiledMeta = { ...snapshot.meta, source: path, inputs: [] };
  const previous = readManagedCopy(path);
  if (previous?.body === snapshot.body && JSON.stringify({ ...previous.meta, at: meta.at }) === JSON.stringify(meta)) meta.at = previous.meta.at;
  const bytecodeFile = path.replace(/\.js$/, ".bytecode.cjs");
  if (meta.bytecode) {
    place(`${bytecodeFile}.jsc`, readFileSync(`${meta.bytecode}.jsc`), 0o644);
    place(bytecodeFile, readFileSync(meta.bytecode), 0o644);
    meta.bytecode = bytecodeFile;
  } else {
    rmSync(bytecodeFile, { force: true });
    rmSync(`${bytecodeFile}.jsc`, { force: true });
  }
  return { binary, snapshot: place(path, new TextEncoder().encode(renderCompiled(meta, snapshot.body)), 0o644) };
}

function readManagedCopy(path: string): { meta: CompiledMeta; body: string } | undefined {
  try {
    return parseCompiled(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Takes a connector's snapshot out of the managed folder (it is installed nowhere at managed
 * scope any more); the last one out takes the binary and the folders too. Returns what it removed.
 */
export function retractManaged(id: string, env: Env = process.env): string[] {
  const snapshot = managedSnapshot(id, env);
  const bytecode = snapshot.replace(/\.js$/, ".bytecode.cjs");
  const removed = [snapshot, bytecode, `${bytecode}.jsc`].filter((file) => existsSync(file));
  for (const file of removed) rmSync(file, { force: true });
  const connectors = managedConnectorsDir(env);
  let others: string[] = [];
  try {
    others = readdirSync(connectors).filter((name) => name.endsWith(SNAPSHOT_SUFFIX));
  } catch {
    return removed;
  }
  if (others.length) return removed;
  const binary = managedBinary(env);
  if (existsSync(binary)) {
    rmSync(binary, { force: true });
    removed.push(binary);
  }
  for (const folder of [dirname(binary), connectors, managedLibDir(env)]) {
    try {
      rmdirSync(folder);
    } catch {
      // not empty (someone else's file in it) or already gone: left as it is
    }
  }
  return removed;
}
