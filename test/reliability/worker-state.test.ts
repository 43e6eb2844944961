import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { join } from "node:path";
import { BIN, sandbox, type Result, type Sandbox } from "../support/harness.ts";
import { claudeDeny, configWithHandler, DAEMON_ON, daemonReady, prePayload, alive, until, BOTH_WAYS } from "./support.ts";

/**
 * What user code does to its process must not outlive its call in a daemon's worker: fd 0 is what
 * a hook process of its own would have (the payload already read: its end), and a worker that user
 * code holds (a read that never returns) is never counted as ready, is replaced once its caller
 * gave up, and never keeps the daemon from leaving when idle. Each call runs both ways.
 */
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

function timed(run: () => Result): Result & { ms: number } {
  const started = performance.now();
  const result = run();
  return { ...result, ms: performance.now() - started };
}

const status = (box: Sandbox) => JSON.parse(box.cli(["daemon", "status", "--json"], { env: DAEMON_ON }).stdout);

/** A hook call with its payload in a pipe, as hosts write it (a Buffer would reach the process as a file, which /dev/stdin re-reads from its start). */
function hookThroughPipe(box: Sandbox, env: Record<string, string>): Result {
  const run = Bun.spawnSync(["sh", "-c", 'printf "%s" "$AC_TEST_PAYLOAD" | "$@"', "sh", BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
    cwd: box.project,
    env: { ...box.env, ...env, AC_TEST_PAYLOAD: JSON.stringify(prePayload()) },
  });
  return { stdout: run.stdout.toString(), stderr: run.stderr.toString(), exitCode: run.exitCode ?? -1 };
}

const READS_FD0: Record<string, string> = {
  "reads fd 0 at once": "() => ({ decision: 'deny', reason: 'read ' + require('node:fs').readFileSync(0, 'utf8').length })",
  "reads process.stdin to its end":
    "async () => { let text = ''; for await (const chunk of process.stdin) text += chunk; return { decision: 'deny', reason: 'read ' + text.length }; }",
  "reads /dev/stdin": "() => ({ decision: 'deny', reason: 'read ' + require('node:fs').readFileSync('/dev/stdin', 'utf8').length })",
};

for (const [way, env] of BOTH_WAYS) {
  describe(`a handler that reads fd 0 sees the payload already read, its end (${way})`, () => {
    const box = sandbox();
    boxes.push(box);
    for (const [name, handler] of Object.entries(READS_FD0)) {
      test(
        name,
        () => {
          const config = configWithHandler(box, handler, "", `fd0-${name.replace(/\W+/g, "-")}.config.ts`);
          box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
          if (way === "daemon") daemonReady(box);
          for (let i = 0; i < 2; i++) {
            const result = timed(() => hookThroughPipe(box, env));
            expect(result).toMatchObject({ stdout: claudeDeny("read 0"), exitCode: 0 });
            expect(result.ms).toBeLessThan(generous(1000));
          }
        },
        generous(30_000),
      );
    }
  });
}

describe("a worker held by user code", () => {
  test(
    "is answered for within the budget, replaced, never counted as ready, and does not keep the daemon from leaving when idle",
    async () => {
      const box = sandbox();
      boxes.push(box);
      const fifo = join(box.root, "nobody-writes");
      Bun.spawnSync(["mkfifo", fifo]);
      const config = configWithHandler(
        box,
        `() => { require('node:fs').readFileSync(${JSON.stringify(fifo)}); return { decision: 'deny', reason: 'late' }; }`,
        "",
        "fifo.config.ts",
      );
      box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
      const idle = { ...DAEMON_ON, AGENT_CONNECTOR_DAEMON_IDLE_MS: "3000" };
      expect(box.cli(["daemon", "start"], { env: idle }).exitCode).toBe(0);
      const daemon = status(box).daemon.pid;
      const held: number[] = [];
      for (let i = 0; i < 2; i++) {
        daemonReady(box);
        const before = status(box).daemon.slots.map((slot: { pid: number }) => slot.pid);
        const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), { env: idle }));
        expect(result.ms).toBeLessThan(generous(2900));
        expect(result.stderr).toBe("agent-connector: claude-code PreToolUse (test): user code blocked the process past its time budget; ended (fail-open)\n");
        held.push(...before);
        // The held worker is gone (the client told the daemon), and a fresh one takes its place.
        expect(await until(() => held.every((pid) => !alive(pid)))).toBe(true);
        expect(await until(() => status(box).daemon.ready >= 1)).toBe(true);
        const after = status(box).daemon;
        expect(after.slots.every((slot: { state: string; pid: number }) => slot.state !== "busy" && !held.includes(slot.pid))).toBe(true);
      }
      // Idle for 3 s after the last call: it leaves, held workers or not.
      expect(await until(() => !alive(daemon), 10_000)).toBe(true);
      expect(
        Bun.spawnSync(["pgrep", "-f", `${BIN} hook --worker`])
          .stdout.toString()
          .split("\n")
          .filter(Boolean)
          .filter((pid) => held.includes(Number(pid))),
      ).toEqual([]);
    },
    generous(60_000),
  );
});

describe("a worker held by user code when its daemon dies", () => {
  test(
    "ends itself once the call's budget is long past: nobody else is left to end it",
    async () => {
      const box = sandbox();
      boxes.push(box);
      const fifo = join(box.root, "nobody-writes");
      const pidFile = join(box.root, "worker.pid");
      Bun.spawnSync(["mkfifo", fifo]);
      const handler = `() => { const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); fs.readFileSync(${JSON.stringify(fifo)}); return { decision: 'deny', reason: 'late' }; }`;
      const config = configWithHandler(box, handler, "", "orphan.config.ts");
      box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
      expect(box.cli(["daemon", "start"], { env: DAEMON_ON }).exitCode).toBe(0);
      daemonReady(box);
      const daemon = status(box).daemon.pid;
      const call = Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
        cwd: box.project,
        env: { ...box.env, ...DAEMON_ON },
        stdin: new TextEncoder().encode(JSON.stringify(prePayload())),
        stdout: "pipe",
        stderr: "pipe",
      });
      let worker = 0;
      try {
        expect(await until(() => (worker = Number(Bun.spawnSync(["cat", pidFile]).stdout.toString())) > 0, 5000)).toBe(true);
        process.kill(daemon, "SIGKILL");
        await call.exited;
        expect(await new Response(call.stderr).text()).toBe(
          "agent-connector: claude-code PreToolUse (test): user code blocked the process past its time budget; ended (fail-open)\n",
        );
        // The budget is 1 s; the worker ends itself 5.5 s past it.
        expect(alive(worker)).toBe(true);
        expect(await until(() => !alive(worker), 12_000)).toBe(true);
      } finally {
        if (worker && alive(worker)) process.kill(worker, "SIGKILL");
      }
    },
    generous(30_000),
  );
});
