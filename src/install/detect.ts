import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Adapter, PathContext } from "../adapter.ts";
import { readBackup } from "./backups.ts";

/** A file we created (its backup records no file before ours): no sign that the host is here. */
const madeByUs = (file: string): boolean => readBackup(file).backup?.original === null;

/**
 * Whether a folder holds anything but files we created and the folders we made for them: an empty
 * folder, or one with only our hook file in it, is no sign of a host (a host found that way would
 * be "found" by every install after the first one for it).
 */
function holdsOthers(dir: string): boolean {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  // A symlink or anything else we never make counts as the host's; folders are looked into.
  return entries.some((entry) => (entry.isDirectory() ? holdsOthers(join(dir, entry.name)) : !(entry.isFile() && madeByUs(join(dir, entry.name)))));
}

/** A config dir with something of the host's own in it, or a config file the host (or the user) made. */
function present(path: string): boolean {
  try {
    return statSync(path).isDirectory() ? holdsOthers(path) : !madeByUs(path);
  } catch {
    return false;
  }
}

/** A host counts as present when its config dir holds something of its own or its binary is on PATH. */
export const isDetected = (adapter: Adapter, paths: PathContext): boolean =>
  adapter.detect.dirs(paths).some(present) || adapter.detect.bins.some((bin) => Bun.which(bin, { PATH: paths.env.PATH ?? "" }) !== null);
