import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "./atomic-write.ts";
import { assertWritable, hostFileFailure, locateHostFile, ownerToKeep } from "./host-file.ts";
import { decodeLossless, encodeLossless } from "./lossless-utf8.ts";

/** A host config file's text (bytes that are not UTF-8 kept, see lossless-utf8.ts); null when there is none. */
export function readText(file: string): string | null {
  const host = locateHostFile(file);
  if (!host) return null;
  try {
    return decodeLossless(readFileSync(host.target));
  } catch (error) {
    throw hostFileFailure(file, "read", error);
  }
}

/** What writeTextAtomic and removeFile would refuse (read-only, another user's): a dry run reports it too. */
export function assertMayChange(file: string): void {
  const host = locateHostFile(file);
  if (host) assertWritable(host);
}

/**
 * Writes a host config file atomically. A symlinked file is written at its target (the link
 * stays); an existing file keeps its mode (less the others' bits with `secret`) and owner, and
 * one that is read-only or someone else's is refused. `mode`, when given, is the file's mode
 * whatever it had (a launcher must stay executable). Returns the outermost folder it had to create, if any.
 */
export function writeTextAtomic(file: string, text: string, { secret = false, mode: fixedMode }: { secret?: boolean; mode?: number } = {}): string | undefined {
  const host = locateHostFile(file);
  if (host) assertWritable(host);
  const target = host?.target ?? file;
  // A file that holds secrets (MCP env and header values) is never left readable by everyone.
  const mode = fixedMode ?? (host ? host.stats.mode & (secret ? 0o7770 : 0o7777) : secret ? 0o600 : undefined);
  try {
    const created = mkdirSync(dirname(target), { recursive: true });
    writeFileAtomic(target, encodeLossless(text), host ? { mode, owner: ownerToKeep(host) } : mode === undefined ? {} : { mode });
    return created;
  } catch (error) {
    throw hostFileFailure(file, "written", error);
  }
}

/** The permission bits of a host file (of its target when it is a symlink); undefined when there is none. */
export const fileMode = (file: string): number | undefined => {
  const host = locateHostFile(file);
  return host ? host.stats.mode & 0o777 : undefined;
};

/** Removes a host file (a symlink itself, not its target); a read-only or someone else's file is refused. */
export function removeFile(file: string): void {
  const host = locateHostFile(file);
  if (!host) return;
  assertWritable(host);
  try {
    rmSync(file, { force: true });
  } catch (error) {
    throw hostFileFailure(file, "removed", error);
  }
}

/**
 * Removes `file`'s folder when nothing is left in it (a plugin folder we created for one module),
 * and its parents up to `upTo` (the outermost folder we created) while they are empty too.
 */
export function removeEmptyFolder(file: string, upTo = dirname(file)): void {
  for (let folder = dirname(file); folder === upTo || folder.startsWith(`${upTo}/`); folder = dirname(folder)) {
    if (!existsSync(folder) || readdirSync(folder).length !== 0) return;
    rmdirSync(folder);
    if (folder === upTo) return;
  }
}
