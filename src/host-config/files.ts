import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const readText = (file: string): string | null => (existsSync(file) ? readFileSync(file, "utf8") : null);

/** Writes through a temporary file and a rename, so a crash never leaves half a config. */
export function writeTextAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.agent-connector-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  if (existsSync(file)) chmodSync(tmp, statSync(file).mode);
  renameSync(tmp, file);
}

export const removeFile = (file: string): void => rmSync(file, { force: true });

/** Removes `file`'s folder when nothing is left in it (a plugin folder we created for one module). */
export function removeEmptyFolder(file: string): void {
  const folder = dirname(file);
  if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
}
