import { gzipSync, zipSync } from "fflate";
import { createTar } from "nanotar";

/** One file of an archive: its path inside, its bytes, and whether it is run (binary, scripts). */
export interface ArchiveEntry {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

/**
 * A .tar.gz (Linux, macOS: tar unpacks it everywhere, modes kept) or a .zip (Windows: Explorer and
 * Expand-Archive open it). Every entry carries `mtime` and owner 0: the same inputs give the same
 * bytes, so a bundle made twice can be compared by its sums.
 */
export function archiveBytes(entries: readonly ArchiveEntry[], format: "tar.gz" | "zip", mtime: number): Uint8Array {
  if (format === "zip") return zipSync(Object.fromEntries(entries.map((e) => [e.path, [e.bytes, { mtime, level: 6 }]])));
  const tar = createTar(
    entries.map((e) => ({ name: e.path, data: e.bytes, attrs: { mode: e.executable ? "755" : "644", mtime, uid: 0, gid: 0, user: "root", group: "root" } })),
  );
  return gzipSync(tar, { level: 6, mtime });
}
