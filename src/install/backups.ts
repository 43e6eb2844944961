import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { backupsDir } from "../home.ts";
import { writeFileAtomic } from "../host-config/atomic-write.ts";
import { fileMode } from "../host-config/files.ts";

/**
 * The bytes a host config file had before we first touched it, and the bytes we last wrote.
 * Uninstalling from a file nobody else changed since gives the original back byte for byte.
 * Text is kept as readText decodes it: JSON escapes the lone surrogates that stand for bytes
 * that are not UTF-8, so those survive too.
 */
export interface Backup {
  file: string;
  original: string | null;
  written: string;
  /** False once someone else edited the file between our writes: then only surgical removal. */
  restorable: boolean;
  /** The outermost folder we created for the file: removed with it when empty. */
  createdFolder?: string;
}

/** A backup, when there is a sound one; a damaged one is no backup, and `warning` says so. */
export interface BackupRead {
  backup?: Backup;
  warning?: string;
}

const backupPath = (file: string) => join(backupsDir(), `${createHash("sha256").update(file).digest("hex").slice(0, 24)}.json`);

const isBackupOf = (value: unknown, file: string): value is Backup => {
  const b = value as Backup;
  return (
    typeof b === "object" &&
    b !== null &&
    b.file === file &&
    (b.original === null || typeof b.original === "string") &&
    typeof b.written === "string" &&
    typeof b.restorable === "boolean"
  );
};

export function readBackup(file: string): BackupRead {
  const path = backupPath(file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    return { warning: damaged(path, file, (error as Error).message) };
  }
  try {
    const value: unknown = JSON.parse(text);
    return isBackupOf(value, file) ? { backup: value } : { warning: damaged(path, file, "not a backup of this file") };
  } catch (error) {
    return { warning: damaged(path, file, (error as Error).message) };
  }
}

const damaged = (path: string, file: string, why: string) =>
  `the backup ${path} of ${file} cannot be used (${why}); it is ignored: uninstall removes our entries but cannot give back the file's original bytes`;

/**
 * Records that we wrote `written` over `before`. The backup holds the file's content, so it gets
 * the file's mode (0600 while there was no file to take it from), never a wider one.
 * Returns a warning when the previous backup was damaged.
 */
export function recordWrite(file: string, before: string | null, written: string, createdFolder?: string): string | undefined {
  const path = backupPath(file);
  const { backup: previous, warning } = readBackup(file);
  const backup: Backup = previous
    ? {
        file,
        original: previous.original,
        written,
        restorable: previous.restorable && previous.written === before,
        ...(previous.createdFolder ? { createdFolder: previous.createdFolder } : {}),
      }
    : { file, original: before, written, restorable: true, ...(createdFolder ? { createdFolder } : {}) };
  const mode = backup.original === null ? 0o600 : (fileMode(file) ?? 0o600) & 0o666;
  mkdirSync(backupsDir(), { recursive: true, mode: 0o700 });
  writeFileAtomic(path, Buffer.from(JSON.stringify(backup, null, 2)), { mode });
  return warning;
}

export function dropBackup(file: string): void {
  rmSync(backupPath(file), { force: true });
}
