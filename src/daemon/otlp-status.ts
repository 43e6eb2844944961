import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { unseal } from "../audit/chain.ts";
import { ledgerFile } from "../audit/settings.ts";
import { allCursors, type Cursor } from "./otlp-cursor.ts";
import { ledgerFolderProblem } from "./home-folders.ts";

/**
 * Where the ledger ships and how far behind each collector is, for `status` (docs/audit.md,
 * "Checking it"): read from the cursor files, so it is said whether a daemon runs or not.
 */

type Env = Record<string, string | undefined>;

/** The sequence number of the ledger's last record (the current file's last line, or the previous file's). */
function lastSeq(env: Env): number {
  for (const index of [0, 1]) {
    let fd: number;
    try {
      fd = openSync(ledgerFile(index, env), "r");
    } catch {
      continue;
    }
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.min(size, 32_768));
      readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      const lines = buffer.toString("utf8").split("\n");
      for (let i = lines.length - 1; i >= 0; i--) {
        const seq = unseal(lines[i]!).record?.seq;
        if (typeof seq === "number") return seq;
      }
    } finally {
      closeSync(fd);
    }
  }
  return 0;
}

export interface ShippingStatus extends Cursor {
  /** Records written to the ledger and not accepted by this collector yet. */
  behind: number;
}

export function shippingStatus(env: Env = process.env): ShippingStatus[] {
  // Not read from a folder another user could change (the trust warnings say why nothing ships).
  if (ledgerFolderProblem(env, (path) => statSync(path, { throwIfNoEntry: false }))) return [];
  const cursors = allCursors(env);
  const last = cursors.length ? lastSeq(env) : 0;
  return cursors.map((cursor) => ({ ...cursor, behind: Math.max(0, last - (cursor.at?.seq ?? 0)) }));
}

/** One line per collector. */
export const describeShipping = (s: ShippingStatus): string =>
  `audit shipping: ${s.url} (${s.from}): ${s.behind ? `${s.behind} records behind` : "up to date"}, ${s.shipped} shipped${s.shippedAt ? ` (last ${s.shippedAt})` : ""}${
    s.lost ? `, ${s.lost} rotated away before shipping` : ""
  }${s.failing ? `; failing since ${s.failing.since}: ${s.failing.message}` : ""}`;
