import { randomBytes } from "node:crypto";
import { closeSync, constants, fchmodSync, fchownSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface WriteOptions {
  /** Permission bits of the new file; default: 0666 less the umask. */
  mode?: number;
  /** Owner of the new file (only root can give a file away). */
  owner?: { uid: number; gid: number };
}

const IS_WINDOWS = process.platform === "win32";

/**
 * Replaces `path` with `bytes` so that a crash leaves either the old or the new file, never half
 * of one. The temporary file beside it has an unguessable name and is created exclusively without
 * following symlinks, and its mode and owner are set on the open descriptor: a folder seeded with
 * symlinks named like our temporary files can neither redirect the write nor the chmod.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array, options: WriteOptions = {}): void {
  const folder = dirname(path);
  const temp = join(folder, `.${basename(path)}.agent-connector-${randomBytes(12).toString("hex")}.tmp`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  const fd = openSync(temp, flags, options.mode ?? 0o666);
  try {
    try {
      // chown first: it may clear set-id bits that the chmod then sets again.
      if (options.owner) fchownSync(fd, options.owner.uid, options.owner.gid);
      if (options.mode !== undefined) fchmodSync(fd, options.mode);
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(folder);
}

/** Makes the rename itself durable. Windows cannot open a folder for fsync. */
function syncFolder(folder: string): void {
  if (IS_WINDOWS) return;
  const fd = openSync(folder, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
