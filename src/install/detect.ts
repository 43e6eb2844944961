import { existsSync } from "node:fs";
import type { Adapter, PathContext } from "../adapter.ts";

/** A host counts as present when its config dir exists or its binary is on PATH. */
export const isDetected = (adapter: Adapter, paths: PathContext): boolean =>
  adapter.detect.dirs(paths).some((dir) => existsSync(dir)) ||
  adapter.detect.bins.some((bin) => Bun.which(bin, { PATH: paths.env.PATH ?? "" }) !== null);
