/**
 * Temporary folders made by the tests. All of them are removed when the test run ends (the preload
 * test/support/cleanup.ts); with AC_TEST_KEEP=1 they stay, and the run prints where they are.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// On globalThis: the preload and the test files must see one list even if they get separate
// instances of this module.
const state = globalThis as { acTestTempDirs?: string[] };
const made = (state.acTestTempDirs ??= []);

/** A new folder under the OS temp dir, removed at the end of the run. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  if (process.env.AC_TEST_KEEP === "1") {
    if (made.length) process.stderr.write(`AC_TEST_KEEP=1: kept ${made.length} test folders:\n${made.join("\n")}\n`);
    return;
  }
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
