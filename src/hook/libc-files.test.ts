import { afterAll, expect, test } from "bun:test";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { libcFiles } from "./libc-files.ts";
import { bunStamp } from "../compiled/artifact.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";

/** glibc's calls must behave as node:fs's where the ledger and the trust checks use them: the same results, modes and error codes. */
const files = libcFiles();
const dir = fs.mkdtempSync(join(tmpdir(), "ac-libc-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const NO = { throwIfNoEntry: false } as const;
const linux = process.platform === "linux";

test.if(linux)("set up on Linux with glibc, with node:fs's open flags for this architecture", () => {
  expect(files).toBeDefined();
  for (const [name, value] of Object.entries(files!.constants)) expect([name, value]).toEqual([name, fs.constants[name as keyof typeof fs.constants]]);
});

test.if(linux)("statSync: owner and mode as node:fs sees them, through symlinks; nothing there is undefined", () => {
  const file = join(dir, "stat-file");
  fs.writeFileSync(file, "x", { mode: 0o640 });
  fs.symlinkSync(file, join(dir, "stat-link"));
  for (const path of [file, dir, join(dir, "stat-link")]) {
    const node = fs.statSync(path);
    expect(files!.statSync(path, NO)).toEqual({ uid: node.uid, mode: node.mode });
  }
  expect(files!.statSync(join(dir, "nothing"), NO)).toBeUndefined();
  expect(files!.statSync(join(file, "below-a-file"), NO)).toBeUndefined();
});

test.if(linux)("an error is node:fs's: the same code and message", () => {
  fs.symlinkSync(join(dir, "loop-b"), join(dir, "loop-a"));
  fs.symlinkSync(join(dir, "loop-a"), join(dir, "loop-b"));
  const path = join(dir, "loop-a");
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return { code: (error as { code?: string }).code, message: (error as Error).message };
    }
    return undefined;
  };
  expect(thrown(() => files!.statSync(path, NO))).toEqual(thrown(() => fs.statSync(path, NO)));
  const flags = (fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL) as unknown as string;
  const lock = join(dir, "lock");
  files!.closeSync(files!.openSync(lock, flags, 0o600));
  expect(thrown(() => files!.openSync(lock, flags, 0o600))?.code).toBe("EEXIST");
  const noFollow = (fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW) as unknown as string;
  fs.symlinkSync(lock, join(dir, "lock-link"));
  expect(thrown(() => files!.openSync(join(dir, "lock-link"), noFollow))?.code).toBe(thrown(() => fs.openSync(join(dir, "lock-link"), noFollow))?.code);
});

test.if(linux)("lstatSync does not follow a symlink; size and modification time as node:fs's", () => {
  const file = join(dir, "sized");
  fs.writeFileSync(file, "12345");
  fs.symlinkSync(file, join(dir, "sized-link"));
  for (const path of [file, join(dir, "sized-link")]) {
    const node = fs.lstatSync(path);
    const ours = files!.lstatSync(path, NO)!;
    expect(ours.size).toBe(node.size);
    expect(Math.floor(ours.mtimeMs)).toBe(Math.floor(node.mtimeMs));
  }
  expect(files!.lstatSync(join(dir, "nothing"), NO)).toBeUndefined();
});

test.if(linux)("mkdirSync makes each missing folder with the mode node:fs would; a file in the way throws", () => {
  const ours = join(dir, "ours", "a", "b");
  const theirs = join(dir, "theirs", "a", "b");
  files!.mkdirSync(ours, { recursive: true, mode: 0o700 });
  fs.mkdirSync(theirs, { recursive: true, mode: 0o700 });
  for (const part of ["", "a", join("a", "b")]) expect(fs.statSync(join(dir, "ours", part)).mode).toBe(fs.statSync(join(dir, "theirs", part)).mode);
  files!.mkdirSync(ours, { recursive: true, mode: 0o700 }); // already there
  fs.writeFileSync(join(dir, "a-file"), "");
  expect(() => files!.mkdirSync(join(dir, "a-file", "below"), { recursive: true, mode: 0o700 })).toThrow();
  expect(() => files!.mkdirSync(join(dir, "a-file"), { recursive: true, mode: 0o700 })).toThrow();
});

test.if(linux)("appendFileSync creates with the mode asked and appends; readSync, fstatSync, renameSync, unlinkSync", () => {
  const path = join(dir, "ledger.jsonl");
  const flag = (fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW) as unknown as string;
  files!.appendFileSync(path, "first ✓\n", { mode: 0o600, flag });
  files!.appendFileSync(path, "second\n", { mode: 0o600, flag });
  fs.appendFileSync(join(dir, "node.jsonl"), "x", { mode: 0o600, flag });
  expect(fs.statSync(path).mode).toBe(fs.statSync(join(dir, "node.jsonl")).mode);
  expect(fs.readFileSync(path, "utf8")).toBe("first ✓\nsecond\n");
  const fd = files!.openSync(path, (fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW) as unknown as string);
  const size = files!.fstatSync(fd).size;
  expect(size).toBe(fs.statSync(path).size);
  const buffer = Buffer.alloc(7);
  expect(files!.readSync(fd, buffer, 0, 7, size - 7)).toBe(7);
  expect(buffer.toString()).toBe("second\n");
  files!.closeSync(fd);
  files!.renameSync(path, join(dir, "ledger.1.jsonl"));
  expect(fs.existsSync(path)).toBe(false);
  files!.unlinkSync(join(dir, "ledger.1.jsonl"));
  expect(fs.existsSync(join(dir, "ledger.1.jsonl"))).toBe(false);
  expect(() => files!.unlinkSync(join(dir, "ledger.1.jsonl"))).toThrow("ENOENT");
});

test.if(linux)("readText and stamp read a compiled connector as Bun's file reader and stat do, through symlinks", async () => {
  const file = join(dir, "compiled.js");
  fs.writeFileSync(file, "// ✓ header\nmodule.exports = 1;\n".repeat(500));
  fs.symlinkSync(file, join(dir, "compiled-link.js"));
  for (const path of [file, join(dir, "compiled-link.js"), join(dir, "nothing.js")]) {
    expect(files!.stamp(path)).toEqual(await bunStamp(path));
    expect(files!.stamp(path)).toEqual(nodeStamp(path));
  }
  expect(files!.readText(join(dir, "compiled-link.js"))).toBe(await Bun.file(file).text());
  fs.writeFileSync(join(dir, "empty.js"), "");
  expect(files!.readText(join(dir, "empty.js"))).toBe("");
  expect(() => files!.readText(join(dir, "nothing.js"))).toThrow("ENOENT");
});
