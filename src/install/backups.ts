import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupsDir } from "../home.ts";

/**
 * The bytes a host config file had before we first touched it, and the bytes we last wrote.
 * Uninstalling from a file nobody else changed since gives the original back byte for byte.
 */
export interface Backup {
  file: string;
  original: string | null;
  written: string;
  /** False once someone else edited the file between our writes: then only surgical removal. */
  restorable: boolean;
}

const backupPath = (file: string) =>
  join(backupsDir(), `${createHash("sha256").update(file).digest("hex").slice(0, 24)}.json`);

export function readBackup(file: string): Backup | undefined {
  const path = backupPath(file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Backup) : undefined;
}

export function recordWrite(file: string, before: string | null, written: string): void {
  const path = backupPath(file);
  const previous = readBackup(file);
  const backup: Backup = previous
    ? { file, original: previous.original, written, restorable: previous.restorable && previous.written === before }
    : { file, original: before, written, restorable: true };
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(backup, null, 2));
}

export function dropBackup(file: string): void {
  rmSync(backupPath(file), { force: true });
}
