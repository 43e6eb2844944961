import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHAIN_START, sealed, unseal } from "../audit/chain.ts";
import { nextBatch } from "./otlp-batch.ts";

/** A home whose ledger the test writes by hand: sealed records, rotated by renaming as the writer does. */
function ledger() {
  const home = mkdtempSync(join(tmpdir(), "ac-otlp-batch-"));
  const dir = join(home, "audit");
  mkdirSync(dir, { recursive: true });
  const env = { AGENT_CONNECTOR_HOME: home };
  let last = { seq: 0, hash: CHAIN_START };
  const file = (index: number) => join(dir, index ? `decisions.${index}.jsonl` : "decisions.jsonl");
  return {
    env,
    file,
    append(count: number) {
      for (let i = 0; i < count; i++) {
        const line = sealed({ v: 1, seq: last.seq + 1, time: "2026-12-06T00:00:00.000Z", host: "claude-code", event: "PreToolUse", prev: last.hash });
        appendFileSync(file(0), `${line}\n`);
        last = { seq: last.seq + 1, hash: unseal(line).hash! };
      }
    },
    /** decisions.jsonl → decisions.1.jsonl → …; beyond `keep` files, the oldest is gone. */
    rotate(keep: number) {
      rmSync(file(keep - 1), { force: true });
      for (let index = keep - 1; index >= 1; index--) if (statSync(file(index - 1), { throwIfNoEntry: false })) renameSync(file(index - 1), file(index));
    },
    done: () => rmSync(home, { recursive: true, force: true }),
  };
}

const seqs = (batch: ReturnType<typeof nextBatch>) => batch.lines.map((l) => l.record.seq);
const LIMITS = { records: 4, bytes: 1_000_000 };

describe("the next batch to ship", () => {
  test("from the start, in order, up to the limit; then on from where it ended; nothing new is nothing", () => {
    const l = ledger();
    l.append(6);
    const first = nextBatch(l.env, undefined, LIMITS);
    expect(seqs(first)).toEqual([1, 2, 3, 4]);
    const second = nextBatch(l.env, first.end, LIMITS);
    expect(seqs(second)).toEqual([5, 6]);
    expect(second.end!.offset).toBe(statSync(l.file(0)).size);
    expect(nextBatch(l.env, second.end, LIMITS)).toEqual({ lines: [], skipped: 0 });
    l.done();
  });

  test("a position survives rotation: the file is found by its identity, and the files after it follow", () => {
    const l = ledger();
    l.append(3);
    const first = nextBatch(l.env, undefined, { records: 2, bytes: 1_000_000 });
    l.rotate(5);
    l.append(2);
    l.rotate(5);
    l.append(2);
    expect(seqs(nextBatch(l.env, first.end, { records: 10, bytes: 1_000_000 }))).toEqual([3, 4, 5, 6, 7]);
    l.done();
  });

  test("its file rotated away: found by sequence number, and what went unshipped is reported lost", () => {
    const l = ledger();
    l.append(2);
    const first = nextBatch(l.env, undefined, { records: 1, bytes: 1_000_000 });
    l.append(1);
    l.rotate(2);
    l.append(2);
    l.rotate(2); // records 1 to 3 are gone
    l.append(1);
    const next = nextBatch(l.env, first.end, LIMITS);
    expect(seqs(next)).toEqual([4, 5, 6]);
    expect(next.lost).toEqual({ from: 2, to: 3 });
    l.done();
  });

  test("an inode reused by a later file is not taken for the cursor's: the records are found by sequence number", () => {
    const l = ledger();
    l.append(3);
    const at = nextBatch(l.env, undefined, LIMITS).end!;
    unlinkSync(l.file(0));
    l.append(4); // records 4 to 7, in a new file; the cursor's offset falls at the end of record 6
    const { dev, ino } = statSync(l.file(0));
    expect(seqs(nextBatch(l.env, { ...at, dev, ino }, { records: 10, bytes: 1_000_000 }))).toEqual([4, 5, 6, 7]);
    l.done();
  });

  test("a line still being written waits; a line that is no record is passed over and counted", () => {
    const l = ledger();
    l.append(1);
    appendFileSync(l.file(0), "not a record\n");
    l.append(1);
    appendFileSync(l.file(0), '{"v":1,"seq":3');
    const batch = nextBatch(l.env, undefined, LIMITS);
    expect(seqs(batch)).toEqual([1, 2]);
    expect(batch.skipped).toBe(1);
    expect(batch.end!.offset).toBe(statSync(l.file(0)).size - '{"v":1,"seq":3'.length);
    l.done();
  });
});
