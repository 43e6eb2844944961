import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Claim } from "./otlp-claim.ts";

test("a target's claim: taken in a folder not made yet, kept, not taken from a live holder, taken over from a dead or silent one", () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-claim-"));
  const path = join(dir, "otlp", "t.lock");
  const claim = new Claim(path);
  expect(claim.hold()).toBe(true);
  expect(readFileSync(path, "utf8")).toBe(String(process.pid));
  expect(claim.hold()).toBe(true);
  // Another live process holds it (pid 1 is always there).
  writeFileSync(path, "1");
  expect(claim.hold()).toBe(false);
  expect(claim.held()).toBe(false);
  // Silent past a minute: its pid may belong to another process by now.
  const old = Date.now() / 1000 - 120;
  utimesSync(path, old, old);
  expect(claim.hold()).toBe(true);
  // A pid that is gone.
  writeFileSync(path, "2147483646");
  expect(claim.hold()).toBe(true);
  claim.release();
  expect(claim.held()).toBe(false);
  rmSync(dir, { recursive: true, force: true });
});
