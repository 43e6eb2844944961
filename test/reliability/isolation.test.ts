import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { sandbox, writeConfig, type Result, type Sandbox } from "../support/harness.ts";
import { claudeDeny, DAEMON_ON, daemonReady, prePayload } from "./support.ts";

/**
 * No connector can see or change another's calls, and user code cannot turn the framework's own
 * reply into another one: connectors never share a JavaScript realm (a daemon's worker serves one
 * connector, src/hook/worker.ts), and the framework's path from a handler's answer to the bytes it
 * writes does not use the built-ins user code can replace (src/hook/intrinsics.ts). Each case runs
 * both ways: through the daemon (`require`: a call it did not answer fails the case) and in a
 * process of its own.
 */
const WAYS: [string, Record<string, string>][] = [
  ["daemon", { ...DAEMON_ON, AC_TEST_HOOK: "1" }],
  ["in-process", { AC_TEST_HOOK: "1" }],
];
const boxes: Sandbox[] = [];
const SLOW = 60_000;
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

/** What a connector's top level does to the built-ins every JavaScript program shares. */
const REPLACES_BUILT_INS = `
JSON.stringify = () => "{}";
JSON.parse = () => ({});
Object.keys = () => [];
Object.entries = () => [];
Object.assign = (target) => target;
Promise.prototype.then = function () { return this; };
Promise.race = () => new Promise(() => {});
Promise.all = () => new Promise(() => {});
TextEncoder.prototype.encode = () => new Uint8Array(0);
TextDecoder.prototype.decode = () => "";
Array.prototype.includes = () => false;
Array.prototype.join = () => "";
Array.prototype.filter = () => [];
Array.prototype.map = () => [];
Array.prototype.push = () => 0;
String.prototype.trim = () => "";
String.prototype.replace = () => "";
String.prototype.split = () => [];
Set.prototype.has = () => false;
Map.prototype.get = () => undefined;
Math.max = () => 0;
Math.min = () => 0;
Object.prototype.toJSON = function () { return {}; };
`;

function box(connectors: Record<string, { handler: string; prelude?: string; timeout?: number }>): Sandbox {
  const made = sandbox();
  boxes.push(made);
  for (const [id, { handler, prelude, timeout }] of Object.entries(connectors)) {
    const path = writeConfig(
      made,
      `{ id: ${JSON.stringify(id)}, timeout: ${timeout ?? 5}, hooks: { PreToolUse: { handler: ${handler} } } }`,
      `${id}.config.ts`,
    );
    // Only in hook calls: install loads the config too.
    if (prelude)
      made.write(
        path,
        made
          .read(path)
          .replace(
            'import { defineConnector } from "agent-connector";\n',
            `import { defineConnector } from "agent-connector";\nif (process.env.AC_TEST_HOOK) {\n${prelude}\n}\n`,
          ),
      );
    const installed = made.cli(["install", "--config", path, "--platform", "claude-code"]);
    if (installed.exitCode !== 0) throw new Error(`install ${id}: ${installed.stdout}${installed.stderr}`);
  }
  return made;
}

function timed(run: () => Result): Result & { ms: number } {
  const started = performance.now();
  const result = run();
  return { ...result, ms: performance.now() - started };
}

for (const [way, env] of WAYS) {
  describe(`isolation (${way})`, () => {
    test(
      "a connector that replaces built-ins at its top level leaves another connector's deny exactly as it was",
      () => {
        const made = box({
          hostile: { handler: "() => undefined", prelude: REPLACES_BUILT_INS },
          test: { handler: "() => ({ decision: 'deny', reason: 'mine' })" },
        });
        if (way === "daemon") daemonReady(made);
        for (const connector of ["hostile", "test", "hostile", "test", "test"]) {
          const result = made.hook("claude-code", "PreToolUse", prePayload(), { connector, env });
          expect(result).toEqual(connector === "test" ? { stdout: claudeDeny("mine"), stderr: "", exitCode: 0 } : { stdout: "", stderr: "", exitCode: 0 });
        }
      },
      SLOW,
    );

    for (const [kind, handler] of [
      ["synchronous", "(event) => ({ decision: 'deny', reason: 'kept ' + event.toolInput.command })"],
      [
        "asynchronous, after a timer",
        "async (event) => { await new Promise((r) => setTimeout(r, 5)); return { decision: 'deny', reason: 'kept ' + event.toolInput.command }; }",
      ],
    ]) {
      test(
        `a connector that replaces built-ins at its top level still gets its own deny written exactly, call after call (${kind} handler)`,
        () => {
          const made = box({ test: { handler: handler!, prelude: REPLACES_BUILT_INS } });
          if (way === "daemon") daemonReady(made);
          for (const command of ["one", "two", "three"]) {
            expect(made.hook("claude-code", "PreToolUse", prePayload({ tool_input: { command } }), { env })).toEqual({
              stdout: claudeDeny(`kept ${command}`),
              stderr: "",
              exitCode: 0,
            });
          }
        },
        SLOW,
      );
    }

    test(
      "a connector whose top-level timer blocks the process does not slow another connector's calls",
      () => {
        // From 300 ms on (its own call answered by then), each tick blocks its process natively for
        // 1.5 s, every 5 ms: whoever shares that process waits.
        const made = box({
          ticking: { handler: "() => undefined", prelude: "setTimeout(() => setInterval(() => Bun.sleepSync(1500), 5), 300);", timeout: 2 },
          test: { handler: "() => ({ decision: 'deny', reason: 'fast' })", timeout: 3 },
        });
        if (way === "daemon") daemonReady(made);
        made.hook("claude-code", "PreToolUse", prePayload(), { connector: "ticking", env });
        Bun.sleepSync(400);
        // The first call may wait for the daemon to start a worker for its connector.
        expect(made.hook("claude-code", "PreToolUse", prePayload(), { connector: "test", env }).stdout).toBe(claudeDeny("fast"));
        for (let i = 0; i < 3; i++) {
          const result = timed(() => made.hook("claude-code", "PreToolUse", prePayload(), { connector: "test", env }));
          expect(result.stdout).toBe(claudeDeny("fast"));
          // A call of its own takes ≈10–50 ms here; sharing the ticking process, seconds.
          expect(result.ms).toBeLessThan(generous(1000));
        }
      },
      SLOW,
    );
  });
}
