import { readdirSync, statSync } from "node:fs";
import type { Adapter, PathContext } from "../adapter.ts";

/** A config dir with something in it (an empty folder is no sign of a host), or a config file. */
function present(path: string): boolean {
  try {
    return !statSync(path).isDirectory() || readdirSync(path).length > 0;
  } catch {
    return false;
  }
}

/** A host counts as present when its config dir holds something or its binary is on PATH. */
export const isDetected = (adapter: Adapter, paths: PathContext): boolean =>
  adapter.detect.dirs(paths).some(present) ||
  adapter.detect.bins.some((bin) => Bun.which(bin, { PATH: paths.env.PATH ?? "" }) !== null);
