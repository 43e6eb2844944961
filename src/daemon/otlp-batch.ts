import * as fs from "node:fs";
import { unseal } from "../audit/chain.ts";
import { ledgerFiles } from "../audit/ledger-read.ts";
import type { AuditRecord } from "../audit/record.ts";
import { ledgerFile } from "../audit/settings.ts";

/**
 * The next records to ship, read from where a target's cursor stands (src/daemon/otlp-cursor.ts).
 * A position is a file's identity (device, inode) and a byte offset in it, with the sequence
 * number and seal of the last record before it: rotation renames files (src/hook/ledger-write.ts),
 * which keeps their identity, so a position survives any number of rotations while its file is
 * kept. The files are read from descriptors opened at one moment (openLedger).
 */

type Env = Record<string, string | undefined>;

export interface Position {
  dev: number;
  ino: number;
  offset: number;
  /** The last record before the position: none at the ledger's start. */
  seq: number;
  hash: string;
}

export interface Limits {
  records: number;
  bytes: number;
}

export interface Batch {
  lines: { text: string; record: AuditRecord }[];
  /** Where the next batch starts; undefined when nothing was read. */
  end?: Position;
  /** Lines passed over that are not records (`logs --verify` names them). */
  skipped: number;
  /** Records that were rotated away before they were shipped: the sequence numbers missing before this batch. */
  lost?: { from: number; to: number };
}

interface Open {
  fd: number;
  dev: number;
  ino: number;
  size: number;
}

const READ_FLAGS = (fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0)) as unknown as string;
/** A record is a few KB at most: the one that ends at a position lies in this much before it. */
const TAIL_BYTES = 32_768;

/**
 * Each ledger file, oldest first, as one consistent picture: listed, opened, then listed again;
 * a rotation in between (names added, or a name that now holds another file) means once more.
 * Without the ledger's lock: shipping never makes a call's append wait.
 */
function openLedger(env: Env): Open[] {
  for (let attempt = 0; ; attempt++) {
    const paths = ledgerFiles(env);
    const files = paths.flatMap((path) => {
      try {
        const fd = fs.openSync(path, READ_FLAGS);
        const { dev, ino, size } = fs.fstatSync(fd);
        return [{ fd, dev, ino, size }];
      } catch {
        return []; // rotated away meanwhile: seen below
      }
    });
    const again = ledgerFiles(env);
    const same =
      files.length === paths.length &&
      again.join("\n") === paths.join("\n") &&
      again.every((path, i) => {
        const stat = fs.statSync(path, { throwIfNoEntry: false });
        return stat?.ino === files[i]!.ino && stat.dev === files[i]!.dev;
      });
    if (same || attempt >= 20) return files;
    for (const file of files) fs.closeSync(file.fd);
  }
}

const read = (file: Open, from: number, length: number): Buffer => {
  const buffer = Buffer.alloc(Math.max(0, Math.min(length, file.size - from)));
  if (buffer.length) fs.readSync(file.fd, buffer, 0, buffer.length, from);
  return buffer;
};

/** Whether the record that ends at `at.offset` in `file` is the one `at` names (an inode can be reused by a later file). */
function endsThere(file: Open, at: Position): boolean {
  if (at.offset === 0) return true;
  if (file.size < at.offset) return false;
  const start = Math.max(0, at.offset - TAIL_BYTES);
  const text = read(file, start, at.offset - start).toString("utf8");
  if (!text.endsWith("\n")) return false;
  const lines = text.slice(0, -1).split("\n");
  return unseal(lines[lines.length - 1]!).hash === at.hash;
}

/** Nothing was written since `at`: the current file is the one it points into, and ends there. */
function caughtUp(env: Env, at: Position | undefined): boolean {
  const stat = at && fs.statSync(ledgerFile(0, env), { throwIfNoEntry: false });
  return Boolean(stat && stat.dev === at!.dev && stat.ino === at!.ino && stat.size === at!.offset);
}

/**
 * The records after `at` (the ledger's first kept record when there is no position yet), in
 * order, up to `limits`. Where `at`'s file is gone (rotated away), the records are found by
 * sequence number instead; those rotated away unshipped are reported as lost.
 */
export function nextBatch(env: Env, at: Position | undefined, limits: Limits): Batch {
  const batch: Batch = { lines: [], skipped: 0 };
  if (caughtUp(env, at)) return batch;
  const files = openLedger(env);
  try {
    let index = at ? files.findIndex((f) => f.dev === at.dev && f.ino === at.ino) : -1;
    if (index >= 0 && !endsThere(files[index]!, at!)) index = -1;
    // Found: read on from the offset. Not found: from the oldest file kept, past what was shipped.
    let offset = index >= 0 ? at!.offset : 0;
    const after = at?.seq ?? 0;
    let last = at ? { seq: at.seq, hash: at.hash } : undefined;
    let bytes = 0;
    for (let i = Math.max(index, 0); i < files.length; i++, offset = 0) {
      const file = files[i]!;
      const chunk = read(file, offset, limits.bytes - bytes + TAIL_BYTES);
      let start = 0;
      for (let newline = chunk.indexOf(10); newline >= 0; start = newline + 1, newline = chunk.indexOf(10, start)) {
        const text = chunk.toString("utf8", start, newline);
        const { record, hash } = unseal(text);
        const seq = record?.seq;
        if (typeof seq === "number" && hash && seq > after) {
          if (batch.lines.length >= limits.records || (batch.lines.length && bytes + text.length > limits.bytes)) return batch;
          if (at && !batch.lines.length && seq > last!.seq + 1) batch.lost = { from: last!.seq + 1, to: seq - 1 };
          batch.lines.push({ text, record: record as unknown as AuditRecord });
          bytes += text.length;
          last = { seq, hash };
        } else if (typeof seq !== "number" && text) batch.skipped++;
        batch.end = { dev: file.dev, ino: file.ino, offset: offset + newline + 1, seq: last?.seq ?? 0, hash: last?.hash ?? "" };
      }
      // The rest of this file was not read (past the limits, or a line still being written): the next batch starts here.
      if (offset + start < file.size) return batch;
    }
    return batch;
  } finally {
    for (const file of files) fs.closeSync(file.fd);
  }
}
