import { gunzipSync, inflateRawSync } from "node:zlib";
import { basename } from "node:path";

/**
 * The binary inside a release archive (build/release/archive.ts: a .tar.gz holding
 * `agent-connector`, a .zip holding `agent-connector.exe`), read in memory: `upgrade` must not
 * depend on a tar or unzip program being installed, and nothing unverified touches the disk.
 */

export class UnpackError extends Error {}

export const isArchive = (name: string): boolean => name.endsWith(".tar.gz") || name.endsWith(".zip");

const BINARY_NAMES = new Set(["agent-connector", "agent-connector.exe"]);

export function unpackBinary(name: string, bytes: Uint8Array): Uint8Array {
  const found = name.endsWith(".zip") ? fromZip(Buffer.from(bytes)) : fromTar(gunzip(bytes));
  if (!found) throw new UnpackError(`${name} holds no agent-connector binary`);
  return found;
}

function gunzip(bytes: Uint8Array): Buffer {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw new UnpackError(`cannot decompress the archive: ${(error as Error).message}`);
  }
}

const text = (block: Buffer, from: number, length: number): string =>
  block
    .subarray(from, from + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");

function fromTar(tar: Buffer): Uint8Array | undefined {
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return undefined; // the end-of-archive blocks
    const size = parseInt(text(header, 124, 12).trim() || "0", 8);
    const type = text(header, 156, 1);
    const path = `${text(header, 345, 155)}${text(header, 0, 100)}`;
    const data = at + 512;
    if ((type === "" || type === "0") && BINARY_NAMES.has(basename(path))) return tar.subarray(data, data + size);
    at = data + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

function fromZip(zip: Buffer): Uint8Array | undefined {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new UnpackError("not a zip archive");
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const path = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (BINARY_NAMES.has(basename(path))) {
      const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(data, data + compressed);
      if (method === 0) return raw;
      if (method === 8) return inflateRawSync(raw);
      throw new UnpackError(`${path} is compressed with method ${method}, which upgrade does not read`);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}
