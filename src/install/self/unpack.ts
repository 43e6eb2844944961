import { gunzipSync, unzipSync } from "fflate";
import { parseTar } from "nanotar";
import { basename } from "node:path";

/**
 * The binary inside a release archive (build/release/archive.ts: a .tar.gz holding
 * `agent-connector`, a .zip holding `agent-connector.exe`), read in memory: `upgrade` must not
 * depend on a tar or unzip program being installed, and nothing unverified touches the disk.
 */

export class UnpackError extends Error {}

export const isArchive = (name: string): boolean => name.endsWith(".tar.gz") || name.endsWith(".zip");

const BINARY_NAMES = new Set(["agent-connector", "agent-connector.exe"]);
const isBinary = (path: string): boolean => BINARY_NAMES.has(basename(path));

export function unpackBinary(name: string, bytes: Uint8Array): Uint8Array {
  let found: Uint8Array | undefined;
  try {
    if (name.endsWith(".zip")) found = Object.entries(unzipSync(bytes, { filter: (file) => isBinary(file.name) })).find(([path]) => isBinary(path))?.[1];
    else found = parseTar(gunzipSync(bytes), { filter: (file) => isBinary(file.name) }).find((file) => file.type === "file" && file.data)?.data;
  } catch (error) {
    throw new UnpackError(`cannot read the archive ${name}: ${(error as Error).message}`);
  }
  if (!found) throw new UnpackError(`${name} holds no agent-connector binary`);
  return found;
}
