import { statSync } from "node:fs";

/**
 * A file's stamp as `stamp` (artifact.ts) records it, from one node:fs `stat` (Bun's file object
 * asks twice, for the time and the size): for the processes that check every call and have
 * node:fs loaded anyway, a daemon's worker and the plugin worker (which also runs under Node).
 * Whole milliseconds as Bun gives them; a vanished file is 0, 0.
 */
export function nodeStamp(path: string): [string, number, number] {
  const stat = statSync(path, { throwIfNoEntry: false });
  return [path, stat ? Math.floor(stat.mtimeMs) : 0, stat?.size ?? 0];
}
