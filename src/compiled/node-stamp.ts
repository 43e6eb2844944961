import { statSync } from "node:fs";
import { stampOf, type Stamp } from "./artifact.ts";

/**
 * A file's stamp (artifact.ts) from one node:fs `stat`: for the processes that have node:fs loaded
 * anyway, install, a daemon's worker and the plugin worker (which also runs under Node).
 */
export const nodeStamp = (path: string): Stamp => stampOf(path, statSync(path, { throwIfNoEntry: false }));
