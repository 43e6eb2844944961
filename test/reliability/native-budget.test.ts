import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sandbox, type Result } from "../support/harness.ts";
import { BOTH_WAYS, claudeDeny, configWithHandler, DAEMON_ON, LOADS, prePayload, withEnv } from "./support.ts";
import { generous } from "../support/budget.ts";

/**
 * Native code that blocks (a sleep, a child process waited for, a read from a FIFO nobody writes)
 * is out of the watchdog's reach (Atomics.wait is not: JavaScriptCore's watchdog ends it): no JS timer runs while it blocks. Every call still
 * answers within its budget (timeout 2 s → 1 s here) plus a small margin, each way: in a process of
 * its own a native timer ends it (src/hook/native-backstop.ts), through the daemon the client holds
 * the deadline (src/hook/call-blocking.ts, call-evented.ts) and the stuck worker is replaced. The
 * host sees what the backstop has always shown: a hook ended by SIGKILL, one line on stderr.
 */
const box = sandbox();
const LIMIT_MS = 2900;
const fifo = join(box.root, "nobody-writes");
Bun.spawnSync(["mkfifo", fifo]);
afterAll(() => box.cli(["daemon", "stop"], { env: DAEMON_ON }), 30_000);

function timed(run: () => Result): Result & { ms: number } {
  const started = performance.now();
  const result = run();
  return { ...result, ms: performance.now() - started };
}

const BLOCKS: Record<string, string> = {
  "Bun.sleepSync": "() => { Bun.sleepSync(20_000); return { decision: 'deny', reason: 'late' }; }",
  "execSync of a slow command": "() => { require('node:child_process').execSync('sleep 20'); return { decision: 'deny', reason: 'late' }; }",
  "spawnSync of a slow command": "() => { require('node:child_process').spawnSync('sleep', ['20']); return { decision: 'deny', reason: 'late' }; }",
  "a read from a FIFO nobody writes": `() => { require('node:fs').readFileSync(${JSON.stringify(fifo)}); return { decision: 'deny', reason: 'late' }; }`,
  "a native block after an await": "async () => { await null; Bun.sleepSync(20_000); return { decision: 'deny', reason: 'late' }; }",
  "a native block in a timer the handler waits for":
    "() => new Promise((resolve) => setTimeout(() => { Bun.sleepSync(20_000); resolve({ decision: 'deny', reason: 'late' }); }, 10))",
};

const where = (load: object) => `claude-code PreToolUse${"connector" in load ? ` (${load.connector})` : ""}`;

describe.each(Object.entries(LOADS))("native blocking: ended within the budget (%s)", (_loadName, load) => {
  for (const [name, handler] of Object.entries(BLOCKS)) {
    test(
      name,
      () => {
        const config = configWithHandler(box, handler, "", `native-${name.replace(/\W+/g, "-")}.config.ts`);
        const options = load(box, config);
        const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
        expect(result.ms).toBeLessThan(generous(LIMIT_MS));
        expect({ stdout: result.stdout, stderr: result.stderr, killed: result.exitCode !== 0 && result.exitCode !== 2 }).toEqual({
          stdout: "",
          stderr: `agent-connector: ${where(options)}: user code blocked the process past its time budget; ended (fail-open)\n`,
          killed: true,
        });
      },
      generous(20_000),
    );
  }
});

describe.each(Object.entries(LOADS))("native blocking: what user code printed before it comes first (%s)", (_loadName, load) => {
  test(
    "stderr written before the handler blocks, then the line",
    () => {
      const handler = "() => { process.stderr.write('looked at the command\\n'); Bun.sleepSync(20_000); return { decision: 'deny', reason: 'late' }; }";
      const config = configWithHandler(box, handler, "", "native-printed-before.config.ts");
      const options = load(box, config);
      const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
      expect(result.ms).toBeLessThan(generous(LIMIT_MS));
      expect({ stdout: result.stdout, stderr: result.stderr }).toEqual({
        stdout: "",
        stderr: `looked at the command\nagent-connector: ${where(options)}: user code blocked the process past its time budget; ended (fail-open)\n`,
      });
    },
    generous(20_000),
  );
});

/**
 * A handler that answers at once and leaves work behind that blocks natively: the answer stands,
 * each way, with what user code printed on stderr before the block (as a process of its own shows it).
 */
const AFTER_DENY: Record<string, { handler: string; stderr: string }> = {
  "a timer set by the handler blocks once the deny is made": {
    handler: "() => { setTimeout(() => Bun.sleepSync(20_000), 0); return { decision: 'deny', reason: 'kept' }; }",
    stderr: "",
  },
  "a microtask the handler queued blocks once the deny is made": {
    handler: "() => { queueMicrotask(() => Bun.sleepSync(20_000)); return { decision: 'deny', reason: 'kept' }; }",
    stderr: "",
  },
  "a promise callback the handler left blocks once the deny is made": {
    handler: "() => { Promise.resolve().then(() => require('node:child_process').execSync('sleep 20')); return { decision: 'deny', reason: 'kept' }; }",
    stderr: "",
  },
  "an async handler's deny, a promise callback it left blocks": {
    handler: "async () => { Promise.resolve().then(() => Bun.sleepSync(20_000)); return { decision: 'deny', reason: 'kept' }; }",
    stderr: "",
  },
  "what user code printed on stderr before the block is shown with the deny": {
    handler:
      "() => { process.stderr.write('checked the command\\n'); queueMicrotask(() => { require('node:fs').writeSync(2, 'blocking now\\n'); Bun.sleepSync(20_000); }); return { decision: 'deny', reason: 'kept' }; }",
    stderr: "checked the command\nblocking now\n",
  },
};

describe.each(Object.entries(LOADS))("native blocking after the answer: the deny is kept (%s)", (_loadName, load) => {
  for (const [name, { handler, stderr }] of Object.entries(AFTER_DENY)) {
    test(
      name,
      () => {
        const config = configWithHandler(box, handler, "", `native-after-${name.replace(/\W+/g, "-")}.config.ts`);
        const options = withEnv(load(box, config), {});
        for (let i = 0; i < 2; i++) {
          const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
          expect(result.ms).toBeLessThan(generous(LIMIT_MS));
          expect(result).toMatchObject({ stdout: claudeDeny("kept"), stderr, exitCode: 0 });
        }
      },
      generous(20_000),
    );
  }
});

afterAll(() =>
  console.log(
    `reliability/native-budget: ${Object.keys(BLOCKS).length} kinds of native block, each ended within ${LIMIT_MS} ms (budget 1 s), three ways; a deny made before a native block kept`,
  ),
);

/**
 * A connector whose own top-level timer blocks natively between calls (issue 48): its worker is held
 * when a call comes, and cannot tell the client the connector's deadline. The client knows it from
 * what install recorded (src/hook/known-deadline.ts), so every call ends within the connector's
 * budget, never the default 29 s: answered (a process of its own answers before the timer fires), or
 * ended as blocked, as the backstop ends a process of its own.
 */
describe.each(BOTH_WAYS)("a connector's top-level timer that blocks natively between calls (%s)", (way, env) => {
  test(
    "each call ends within the connector's own budget (timeout 2 s), not the default one",
    () => {
      const prelude = "setInterval(() => Bun.sleepSync(20_000), 1000);";
      const config = configWithHandler(box, "() => ({ decision: 'deny', reason: 'on time' })", prelude, "native-top-level-timer.config.ts");
      const options = way === "daemon" ? LOADS.daemon(box, config) : LOADS.compiled(box, config);
      // The first call starts the worker's timer; the next ones find the worker held by it.
      box.hook("claude-code", "PreToolUse", prePayload(), { ...options, env: { ...options.env, ...env } });
      Bun.sleepSync(1200);
      // Each transport of the client (call-blocking.ts; call-evented.ts with AGENT_CONNECTOR_FFI=0).
      const transports: Record<string, string>[] = [{}, { AGENT_CONNECTOR_FFI: "0" }];
      for (const transport of transports) {
        const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), { ...options, env: { ...options.env, ...env, ...transport } }));
        // The default budget would be 29.5 s; the connector's is 1 s (+ 0.5 s grace).
        expect(result.ms).toBeLessThan(generous(6000));
        const blocked = `agent-connector: ${where(options)}: user code blocked the process past its time budget; ended (fail-open)\n`;
        expect([claudeDeny("on time"), blocked]).toContain(result.stdout || result.stderr);
      }
    },
    generous(60_000),
  );
});
