import { afterAll, describe, expect, test } from "bun:test";
import * as nodeFs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHAIN_START, sealed, unseal } from "../audit/chain.ts";
import { appendRecord } from "./ledger-write.ts";
import { libcFiles, type LedgerFs } from "./libc-files.ts";

/**
 * The append chains each record to the last sealed one, found from the file's end. What it finds
 * must be what a read of the last 32 KB, split into lines and unsealed from the last, finds (the
 * rule the ledger was written by from the start), whatever the file's end holds.
 */
const root = nodeFs.mkdtempSync(join(tmpdir(), "ac-ledger-write-"));
afterAll(() => nodeFs.rmSync(root, { recursive: true, force: true }));

const ways: [string, LedgerFs | undefined][] = [
  ["node:fs", nodeFs as unknown as LedgerFs],
  ["glibc", libcFiles()],
];

/** The last sealed record of a file's last 32 KB, lines unsealed from the last. */
function reference(path: string): { seq: number; hash: string } | undefined {
  if (!nodeFs.existsSync(path)) return undefined;
  const bytes = nodeFs.readFileSync(path);
  const lines = bytes
    .subarray(Math.max(0, bytes.length - 32_768))
    .toString("utf8")
    .split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const { record, hash } = unseal(lines[i]!);
    if (hash && typeof record?.seq === "number") return { seq: record.seq, hash };
  }
  return undefined;
}

const waitedWith = ways.findLast(([, fs]) => fs !== undefined)![0];

let boxes = 0;
const box = () => {
  const home = join(root, `home-${++boxes}`);
  nodeFs.mkdirSync(home, { mode: 0o700 });
  const dir = join(home, "audit");
  return { env: { AGENT_CONNECTOR_HOME: home }, dir, file: join(dir, "decisions.jsonl"), older: join(dir, "decisions.1.jsonl") };
};

const fields = (reason = "no") => ({ time: "2026-12-06T00:00:00.000Z", host: "claude-code", event: "PreToolUse", answer: "deny", reason });

/** A sealed line as the ledger holds it. */
const line = (seq: number, prev: string, reason = "earlier") => `${sealed({ v: 1, seq, ...fields(reason), prev })}\n`;

/** The record just appended, and where the reference said it must chain to. */
function appended(fs: LedgerFs, b: ReturnType<typeof box>, reason?: string) {
  const expected = reference(b.file) ?? reference(b.older);
  const before = nodeFs.existsSync(b.file) ? nodeFs.readFileSync(b.file, "utf8") : "";
  expect(appendRecord(fs, fields(reason), b.env)).toBe(true);
  const after = nodeFs.readFileSync(b.file, "utf8");
  expect(after.startsWith(before)).toBe(true);
  const written = after.slice(before.length);
  expect(written).toBe(line((expected?.seq ?? 0) + 1, expected?.hash ?? CHAIN_START, reason ?? "no"));
  return unseal(written.slice(0, -1));
}

test("writers in several processes at once: one chain, no record lost or repeated", async () => {
  const b = box();
  const script = `import { appendRecord } from ${JSON.stringify(join(import.meta.dir, "ledger-write.ts"))};
import * as fs from "node:fs";
import { libcFiles } from ${JSON.stringify(join(import.meta.dir, "libc-files.ts"))};
const files = process.argv[2] === "glibc" ? libcFiles() ?? fs : fs;
for (let i = 0; i < 250; i++) if (!appendRecord(files, { reason: process.argv[3] + i })) process.exit(1);`;
  const file = join(root, "writer.ts");
  nodeFs.writeFileSync(file, script);
  const writers = ["node", "glibc", "node", "glibc"].map((way, i) =>
    Bun.spawn([process.execPath, file, way, `w${i}-`], { env: { ...process.env, ...b.env }, stdout: "ignore", stderr: "inherit" }),
  );
  expect(await Promise.all(writers.map((writer) => writer.exited))).toEqual([0, 0, 0, 0]);
  const lines = nodeFs.readFileSync(b.file, "utf8").split("\n").filter(Boolean);
  expect(lines.length).toBe(1_000);
  let prev = CHAIN_START;
  lines.forEach((text, i) => {
    const { record, hash, intact } = unseal(text);
    expect([intact, record?.seq, record?.prev]).toEqual([true, i + 1, prev]);
    prev = hash!;
  });
});

for (const [way, fs] of ways) {
  describe.if(fs !== undefined)(`appendRecord (${way})`, () => {
    test("a new ledger: the folder made 0700, the file 0600, the chain started", () => {
      const b = box();
      const first = appended(fs!, b);
      expect(first.record).toMatchObject({ seq: 1, prev: CHAIN_START });
      expect(first.intact).toBe(true);
      expect(nodeFs.statSync(b.dir).mode & 0o777).toBe(0o700);
      expect(nodeFs.statSync(b.file).mode & 0o777).toBe(0o600);
      for (let i = 2; i <= 30; i++) expect(appended(fs!, b).record?.seq).toBe(i);
      expect(nodeFs.existsSync(join(b.dir, ".lock"))).toBe(false);
    });

    test("a last record longer than the first read: found in the larger one", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      nodeFs.writeFileSync(b.file, line(1, CHAIN_START) + line(2, "x", "y".repeat(6_000)), { mode: 0o600 });
      expect(appended(fs!, b).record?.seq).toBe(3);
    });

    test("what follows the last sealed record (a cut line, lines that are not records, blank lines) is passed over", () => {
      for (const tail of ['{"v":1,"seq":9,"ti', "garbage\n\n", `${"\n".repeat(10)}`, `not json,"hash":"${"a".repeat(64)}"}\n`, "x\n".repeat(3_000)]) {
        const b = box();
        nodeFs.mkdirSync(b.dir, { mode: 0o700 });
        nodeFs.writeFileSync(b.file, line(1, CHAIN_START) + line(2, "x") + tail, { mode: 0o600 });
        appended(fs!, b);
      }
    });

    test("no sealed record in the last 32 KB: the file's first piece, cut or not, as the reference reads it; else the chain starts over", () => {
      for (const before of ["", line(1, CHAIN_START), `${line(1, CHAIN_START)}${"z".repeat(40_000)}\n`]) {
        const b = box();
        nodeFs.mkdirSync(b.dir, { mode: 0o700 });
        nodeFs.writeFileSync(b.file, `${before}${"not a record\n".repeat(2_600)}`, { mode: 0o600 });
        appended(fs!, b);
      }
    });

    test("a record cut by the first read, whole in the larger one, is found there", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      // The last sealed record starts 4.5 KB from the end: the first read holds only its end.
      nodeFs.writeFileSync(b.file, `${line(1, CHAIN_START)}${line(2, "x", "w".repeat(1_000))}${"y\n".repeat(2_000)}`, { mode: 0o600 });
      expect(appended(fs!, b).record?.seq).toBe(3);
    });

    test("the first read's cut piece is never taken for a line, even where it reads as a record", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      // A line that is not a record, ending in one exactly as long as the first read: cut there, that end alone would pass.
      const padded = (length: number) => line(7, "x", "p".repeat(length - line(7, "x", "").length));
      const inner = padded(4_096);
      expect(inner.length).toBe(4_096);
      nodeFs.writeFileSync(b.file, `${line(1, CHAIN_START)}junk${inner}`, { mode: 0o600 });
      expect(appended(fs!, b).record?.seq).toBe(2);
    });

    test("an empty or missing current file: the chain goes on from the rotated one", () => {
      for (const current of [undefined, ""]) {
        const b = box();
        nodeFs.mkdirSync(b.dir, { mode: 0o700 });
        nodeFs.writeFileSync(b.older, line(1, CHAIN_START) + line(2, "x"), { mode: 0o600 });
        if (current !== undefined) nodeFs.writeFileSync(b.file, current, { mode: 0o600 });
        expect(appended(fs!, b).record?.seq).toBe(3);
      }
    });

    test("rotation: the file that would pass the size is moved, the new one chains to it", () => {
      const b = box();
      const env = { ...b.env, AGENT_CONNECTOR_AUDIT_MAX_BYTES: "4096", AGENT_CONNECTOR_AUDIT_KEEP: "3" };
      for (let i = 1; i <= 40; i++) expect(appendRecord(fs!, fields("r".repeat(200)), env)).toBe(true);
      const files = nodeFs.readdirSync(b.dir).sort();
      expect(files).toEqual(["decisions.1.jsonl", "decisions.2.jsonl", "decisions.jsonl"]);
      const lines = [b.older, b.file].flatMap((path) => nodeFs.readFileSync(path, "utf8").split("\n").filter(Boolean));
      for (let i = 1; i < lines.length; i++) {
        const [previous, next] = [unseal(lines[i - 1]!), unseal(lines[i]!)];
        expect(next.intact).toBe(true);
        expect(next.record).toMatchObject({ seq: (previous.record!.seq as number) + 1, prev: previous.hash });
      }
      expect(unseal(lines.at(-1)!).record?.seq).toBe(40);
    });

    test("a symlink in the file's place is not followed: nothing written", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      const precious = join(root, `precious-${boxes}`);
      nodeFs.writeFileSync(precious, "keep\n");
      nodeFs.symlinkSync(precious, b.file);
      expect(appendRecord(fs!, fields(), b.env)).toBe(false);
      expect(nodeFs.readFileSync(precious, "utf8")).toBe("keep\n");
    });

    test("a folder the trust check saw but gone when the lock is taken is made again", () => {
      const b = box();
      // A stat that reports the folder before it exists: as if it were removed between the check and the lock.
      const racing = {
        ...fs!,
        statSync: (path: string, options: { throwIfNoEntry: false }) => fs!.statSync(path === b.dir ? b.env.AGENT_CONNECTOR_HOME : path, options),
      };
      expect(appendRecord(racing, fields(), b.env)).toBe(true);
      expect(nodeFs.statSync(b.dir).mode & 0o777).toBe(0o700);
      expect(unseal(nodeFs.readFileSync(b.file, "utf8").trimEnd()).record?.seq).toBe(1);
    });

    test("a stale lock (its writer died holding it) is broken; the lock is gone after", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      nodeFs.writeFileSync(join(b.dir, ".lock"), "");
      const past = new Date(Date.now() - 10_000);
      nodeFs.utimesSync(join(b.dir, ".lock"), past, past);
      expect(appended(fs!, b).record?.seq).toBe(1);
      expect(nodeFs.existsSync(join(b.dir, ".lock"))).toBe(false);
    });

    // Two seconds of waiting: made once, with glibc's calls where they are there.
    test.if(way === waitedWith)("a fresh lock is waited for until it goes stale, then broken: the record written, no lock left", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      nodeFs.writeFileSync(join(b.dir, ".lock"), "");
      const started = Date.now();
      expect(appended(fs!, b).record?.seq).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(nodeFs.existsSync(join(b.dir, ".lock"))).toBe(false);
    });

    test("a folder another user could write is refused", () => {
      const b = box();
      nodeFs.mkdirSync(b.dir, { mode: 0o700 });
      nodeFs.chmodSync(b.dir, 0o777);
      expect(appendRecord(fs!, fields(), b.env)).toBe(false);
      expect(nodeFs.existsSync(b.file)).toBe(false);
    });
  });
}
