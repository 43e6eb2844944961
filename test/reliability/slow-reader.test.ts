import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Result, type Sandbox } from "../support/harness.ts";
import { BOTH_WAYS, claudeDeny, DAEMON_ON, daemonReady, prePayload } from "./support.ts";

/**
 * A reply larger than a pipe holds (64 KiB on Linux) to a host that reads it late: the hook
 * process does not end before all of it is written, whatever the host's pace, each way (a worker of
 * the daemon, a process of its own). Cut, it is an unterminated JSON document with exit 0: the deny lost.
 */
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

const REASON = "r".repeat(100_000);
/** How late the host starts reading: twice the backstop's grace and more (src/core/timeout.ts). */
const LATE_S = "1.5";

/**
 * Sets O_NONBLOCK on its stdout (the pipe to the host, whose file both ends share), then runs the
 * hook: such a pipe takes what it holds per write and answers EAGAIN, where Bun.write counts every
 * byte as written (Node hosts' pipes are often so).
 */
const NON_BLOCKING = "import fcntl, os, sys; fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_NONBLOCK); os.execv(sys.argv[1], sys.argv[1:])";

/** A host that starts reading our stdout `late` seconds after it started the hook. */
function lateReader(box: Sandbox, env: Record<string, string>, late = LATE_S, nonBlocking = false): Result {
  const status = join(box.root, "status");
  const hook = [...(nonBlocking ? ["python3", "-c", NON_BLOCKING] : []), BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"];
  const run = Bun.spawnSync(["sh", "-c", `{ printf "%s" "$AC_TEST_PAYLOAD" | "$@"; echo $? > "$AC_TEST_STATUS"; } | { sleep ${late}; cat; }`, "sh", ...hook], {
    cwd: box.project,
    env: { ...box.env, ...env, AC_TEST_PAYLOAD: JSON.stringify(prePayload()), AC_TEST_STATUS: status },
  });
  return { stdout: run.stdout.toString(), stderr: run.stderr.toString(), exitCode: Number(box.read(status).trim()) };
}

for (const [way, env] of BOTH_WAYS) {
  describe(`a large reply read late arrives whole (${way})`, () => {
    test(
      "a 100 KB deny to a host that reads it 1.5 s late, its pipe blocking or not",
      () => {
        const box = sandbox();
        boxes.push(box);
        const config = writeConfig(
          box,
          `{ id: "test", timeout: 5, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "r".repeat(${REASON.length}) }) } } }`,
        );
        expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
        if (way === "daemon") daemonReady(box);
        for (let i = 0; i < 2; i++) expect(lateReader(box, env)).toEqual({ stdout: claudeDeny(REASON), stderr: "", exitCode: 0 });
        const transports: Record<string, string>[] = way === "daemon" ? [{}, { AGENT_CONNECTOR_FFI: "0" }] : [{}];
        for (const transport of transports)
          expect(lateReader(box, { ...env, ...transport }, LATE_S, true)).toEqual({ stdout: claudeDeny(REASON), stderr: "", exitCode: 0 });
      },
      generous(30_000),
    );
  });
}

describe("a reply the host has not read by its own timeout (in-process)", () => {
  test(
    "the backstop that ends it says so, and a deny stays a deny (exit 2 and its reason)",
    () => {
      const box = sandbox();
      const config = writeConfig(
        box,
        `{ id: "test", timeout: 2, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "r".repeat(${REASON.length}) }) } } }`,
      );
      expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
      // Timeout 2 s: the host stopped waiting at 2 s; it reads at 6 s.
      const result = lateReader(box, {}, "6");
      expect(claudeDeny(REASON).startsWith(result.stdout) && result.stdout.length < claudeDeny(REASON).length).toBe(true);
      expect({ stderr: result.stderr, exitCode: result.exitCode }).toEqual({
        stderr: `agent-connector: claude-code PreToolUse (test): the host had not read the whole reply by its own timeout; ended\n${REASON}\n`,
        exitCode: 2,
      });
    },
    generous(30_000),
  );
});
