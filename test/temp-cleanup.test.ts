import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fixturePayload, REPO, sandbox, writeConfig } from "./support/harness.ts";
import { tempDir } from "./support/temp.ts";
import { generous } from "./support/budget.ts";

/** A test run leaves nothing in the OS temp dir, and neither does the binary. */

// Small suites that make sandboxes and a build folder (each run is a whole `bun test`: a generous timeout).
const SAMPLE = ["test/config.test.ts", "test/hot-path.test.ts"];

function runSample(env: Record<string, string>) {
  const tmp = tempDir("ac-tmpdir-");
  const { AC_TEST_KEEP: _, ...inherited } = process.env;
  const proc = Bun.spawnSync([process.execPath, "test", ...SAMPLE], { cwd: REPO, env: { ...inherited, ...env, TMPDIR: tmp }, stdout: "pipe", stderr: "pipe" });
  return { exitCode: proc.exitCode, output: proc.stderr.toString(), left: readdirSync(tmp) };
}

describe("temporary folders", () => {
  test(
    "suites run with their own TMPDIR leave it empty",
    () => {
      const run = runSample({});
      expect(run.output).toContain(" 0 fail");
      expect(run.exitCode).toBe(0);
      expect(run.left).toEqual([]);
    },
    generous(120_000),
  );

  test(
    "AC_TEST_KEEP=1 keeps them (so the check above sees real folders go)",
    () => {
      const run = runSample({ AC_TEST_KEEP: "1" });
      expect(run.exitCode).toBe(0);
      expect(run.left.length).toBeGreaterThan(1);
      expect(run.left.every((name) => name.startsWith("ac-test-") || name.startsWith("ac-chunks-"))).toBe(true);
      expect(run.output).toContain(`AC_TEST_KEEP=1: kept ${run.left.length} test folders:`);
    },
    generous(120_000),
  );

  test("install, hook and uninstall calls of the binary write nothing into TMPDIR", () => {
    const box = sandbox();
    const tmp = tempDir("ac-tmpdir-");
    const env = { TMPDIR: tmp };
    const config = writeConfig(
      box,
      `{ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no" }) }, Stop: { handler: () => undefined } } }`,
    );
    for (const platform of ["claude-code", "codex", "opencode"]) {
      expect(box.cli(["install", "--config", config, "--platform", platform], { env }).exitCode).toBe(0);
    }
    expect(box.cli(["install", "--config", config, "--platform", "cursor", "--dry-run"], { env }).exitCode).toBe(0);
    const hook = box.hook("claude-code", "PreToolUse", fixturePayload("claude-code", "PreToolUse", box), { connector: "guard", env });
    expect(hook.stdout).toContain('"permissionDecision":"deny"');
    expect(box.hook("codex", "Stop", fixturePayload("codex", "Stop", box), { connector: "guard", env }).exitCode).toBe(0);
    expect(box.cli(["explain", "--config", config], { env }).exitCode).toBe(0);
    expect(box.cli(["uninstall", "--connector", "guard"], { env }).exitCode).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
    expect(readdirSync(join(box.home))).not.toEqual([]);
  });
});
