import { CHAIN_START } from "./chain.ts";
import type { LedgerLine } from "./ledger-read.ts";

/** The first place the chain (chain.ts) does not hold: which record, and what was done to it. */
export interface ChainBreak {
  what: "changed" | "removed" | "inserted";
  file: string;
  line: number;
  seq?: number;
  /** One sentence, for `logs --verify`. */
  message: string;
}

export interface Verified {
  records: number;
  /** The sequence numbers of the first and last records kept (older files may have been rotated away). */
  first?: number;
  last?: number;
  broken?: ChainBreak;
}

const at = (l: LedgerLine): string => `${l.file}:${l.line}`;
const sound = (l: LedgerLine | undefined): boolean => Boolean(l?.record && l.intact && typeof l.record.seq === "number");
const follows = (l: LedgerLine, previous: LedgerLine): boolean => l.record!.prev === previous.hash && l.record!.seq === previous.record!.seq + 1;

/**
 * Walks the records oldest first. The first record kept may follow records rotated away (its link
 * is then not checked) unless it says it is the ledger's very first. Every later one must be
 * sealed intact and link to the one before it with the next sequence number.
 */
export function verifyChain(lines: readonly LedgerLine[]): Verified {
  let previous: LedgerLine | undefined;
  let first: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const broken = (what: ChainBreak["what"], message: string, where = l): Verified => ({
      records: i,
      first,
      last: previous?.record?.seq,
      broken: { what, file: where.file, line: where.line, seq: where.record?.seq, message },
    });
    if (!sound(l)) {
      // A line that is no sealed record: inserted if the records around it still link up.
      const next = lines[i + 1];
      if (previous && sound(next) && follows(next!, previous)) return broken("inserted", `${at(l)} was inserted: it is not a record the ledger wrote`);
      return broken("changed", `${at(l)}${l.record?.seq === undefined ? "" : ` (record ${l.record.seq})`} was changed: its seal does not match its text`);
    }
    const seq = l.record!.seq;
    if (!previous) {
      first = seq;
      if (l.record!.prev === CHAIN_START && seq !== 1) return broken("removed", `records 1 to ${seq - 1} before ${at(l)} were removed`);
    } else if (!follows(l, previous)) {
      const before = previous.record!.seq;
      if (seq > before + 1)
        return broken(
          "removed",
          `record${seq - before > 2 ? `s ${before + 1} to ${seq - 1}` : ` ${before + 1}`} before ${at(l)} ${seq - before > 2 ? "were" : "was"} removed`,
        );
      if (seq <= before) return broken("inserted", `${at(l)} (record ${seq}) was inserted: its sequence number repeats`);
      return broken("changed", `${at(previous)} (record ${before}) was changed: the next record's link does not match it`, previous);
    }
    previous = l;
  }
  return { records: lines.length, first, last: previous?.record?.seq };
}
