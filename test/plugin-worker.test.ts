import { describe, expect, test } from "bun:test";
import { generous } from "./support/budget.ts";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fixturePayload, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { loadPlugin, type Json, type PluginHost } from "./support/plugin-host.ts";

/**
 * The generated module runs handlers in its plugin worker (src/hook/plugin-worker.ts), a thread of
 * the host's process, and keeps the binary's guarantees: what a handler does wrong costs no more
 * than its budget and one log line, a busy loop never freezes the host's main thread, a deny is
 * never lost. Driven as OpenCode drives the module (test/support/plugin-host.ts), under Bun; the
 * worker script is also run under Node, as Node plugin hosts start it.
 */

const logOf = (box: Sandbox): string => {
  try {
    return box.read(join(box.home, ".agent-connector", "logs", "hook.log"));
  } catch {
    return "";
  }
};

/** A connector whose PreToolUse handler is `handler` (source text), installed for OpenCode and loaded. */
async function withHandler(handler: string, extra = ""): Promise<{ box: Sandbox; host: PluginHost; file: string; config: string }> {
  const box = sandbox();
  const config = writeConfig(box, `{ id: "w", timeout: 2, ${extra} hooks: { PreToolUse: { handler: ${handler} } } }`);
  const install = box.cli(["install", "--config", config, "--platform", "opencode"]);
  expect(install.exitCode).toBe(0);
  const file = join(box.home, ".config", "opencode", "plugins", "agent-connector-w-opencode.ts");
  return { box, file, config, host: await loadPlugin(box, file) };
}

const toolCall = (box: Sandbox, command = "ls") => {
  const call = fixturePayload("opencode", "tool.execute.before", box) as Json;
  call.output.args.command = command;
  return call;
};

/** How many times a 5 ms interval ran on this (the host's) thread while `during` was pending. */
async function ticksDuring(during: Promise<unknown>): Promise<number> {
  let ticks = 0;
  const interval = setInterval(() => ticks++, 5);
  await during;
  clearInterval(interval);
  return ticks;
}

describe("plugin worker: handlers run off the host's main thread", () => {
  test("a deny and a rewrite come back from the worker; the binary is not run", async () => {
    const { box, host, file } = await withHandler(
      `(e) => e.toolInput.command === "rm" ? { decision: "deny", reason: "no rm" } : { decision: "modify", updatedInput: { command: "ls -la" } }`,
    );
    // The command line points at a binary that is not there: only the worker can answer.
    box.write(file, box.read(file).replace(/"command": \[[^\]]*\]/, `"command": ["${join(box.root, "missing")}"]`));
    const fresh = await loadPlugin(box, file);
    expect((await fresh.call(toolCall(box, "rm"))).threw).toBe("no rm");
    expect((await fresh.call(toolCall(box))).output.args).toEqual({ command: "ls -la" });
    expect(logOf(box)).toBe("");
    void host;
  });

  test(
    "a busy-looping handler: no opinion within the budget, the host's thread keeps running, the next call is answered",
    async () => {
      const { box, host } = await withHandler(`(e) => { if (e.toolInput.command === "loop") while (true) {} return { decision: "deny", reason: "after" }; }`);
      const started = performance.now();
      const busy = host.call(toolCall(box, "loop"));
      const ticks = await ticksDuring(busy);
      const elapsed = performance.now() - started;
      expect((await busy).threw).toBeUndefined();
      // timeout: 2 → the module's budget is 2000 ms; the host's own timers ran all along.
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(generous(6000));
      expect(ticks).toBeGreaterThan(50);
      expect(logOf(box)).toContain("opencode plugin (w): PreToolUse: no answer within 2000 ms; the plugin worker was restarted; allowed (fail-open)");
      // A new worker took over: the deny of the next call is there.
      expect((await host.call(toolCall(box, "ls"))).threw).toBe("after");
    },
    generous(20_000),
  );

  test(
    "a call waiting behind a busy loop is answered by the next worker: its deny is not lost",
    async () => {
      const { box, host } = await withHandler(
        `async (e) => { if (e.toolInput.command === "loop") while (true) {} return { decision: "deny", reason: "kept" }; }`,
      );
      const busy = host.call(toolCall(box, "loop"));
      const waitingDeny = host.call(toolCall(box, "rm"));
      expect((await busy).threw).toBeUndefined();
      expect((await waitingDeny).threw).toBe("kept");
    },
    generous(20_000),
  );

  test(
    "the handler sees the host's environment as it is at each call, also in a worker started after a restart",
    async () => {
      const { box, host } = await withHandler(
        `(e) => { if (e.toolInput.command === "loop") while (true) {} return { decision: "deny", reason: "mode " + (process.env.AC_TEST_MODE ?? "unset") }; }`,
      );
      try {
        process.env.AC_TEST_MODE = "a";
        expect((await host.call(toolCall(box))).threw).toBe("mode a");
        expect((await host.call(toolCall(box))).threw).toBe("mode a");
        process.env.AC_TEST_MODE = "b";
        expect((await host.call(toolCall(box))).threw).toBe("mode b");
        delete process.env.AC_TEST_MODE;
        expect((await host.call(toolCall(box))).threw).toBe("mode unset");
        process.env.AC_TEST_MODE = "c";
        expect((await host.call(toolCall(box, "loop"))).threw).toBeUndefined();
        expect((await host.call(toolCall(box))).threw).toBe("mode c");
      } finally {
        delete process.env.AC_TEST_MODE;
      }
    },
    generous(20_000),
  );

  test(
    "throws, rejects, garbage, never settles: no opinion, one log line each",
    async () => {
      const { box, host } = await withHandler(`async (e) => {
      switch (e.toolInput.command) {
        case "throw": throw new Error("boom");
        case "reject": return Promise.reject(new Error("nope"));
        case "garbage": return { decision: "perhaps" };
        case "never": return new Promise(() => {});
        case "exit": process.exit(3);
      }
    }`);
      for (const command of ["throw", "reject", "garbage", "never", "exit"]) {
        const call = toolCall(box, command);
        const before = structuredClone(call.output);
        const outcome = await host.call(call);
        expect(outcome.threw).toBeUndefined();
        expect(outcome.output).toEqual(before);
      }
      const lines = logOf(box).trim().split("\n");
      expect(lines).toHaveLength(5);
      expect(lines[0]).toContain("opencode plugin (w): PreToolUse: handler threw: boom; allowed (fail-open)");
      expect(lines[1]).toContain("handler threw: nope");
      // A word with no plain meaning of ours gets no guess.
      expect(lines[2]).toContain(
        'handler returned an invalid response: decision: "perhaps" is not a decision (decisions: "allow", "deny", "modify", "context", "ask")',
      );
      expect(lines[3]).toContain("no answer within 2000 ms");
      expect(lines[4]).toContain("handler threw: handler called process.exit(3)");
      // The worker outlived all of it (or was replaced): the next call is answered.
      expect((await host.call(toolCall(box, "ls"))).threw).toBeUndefined();
    },
    generous(20_000),
  );

  test("a deny whose other fields cannot be read is still a deny", async () => {
    const { box, host } = await withHandler(`() => ({ decision: "deny", reason: "still no", get additionalContext() { throw new Error("bad getter"); } })`);
    expect((await host.call(toolCall(box))).threw).toBe("still no");
    expect(logOf(box)).toContain("the deny is kept");
  });

  test(
    "a connector edited since install: the binary answers (from the source) until it is compiled again",
    async () => {
      const { box, host, config } = await withHandler(`() => ({ decision: "deny", reason: "old" })`);
      expect((await host.call(toolCall(box))).threw).toBe("old");
      box.write(config, box.read(config).replace('"old"', '"new, longer reason"'));
      expect((await host.call(toolCall(box))).threw).toBe("new, longer reason");
    },
    generous(20_000),
  );

  test("the worker script writes nothing into the host's plugin folder", async () => {
    const { box } = await withHandler(`() => undefined`);
    expect(readdirSync(join(box.home, ".config", "opencode", "plugins"))).toEqual(["agent-connector-w-opencode.ts"]);
    expect(readdirSync(join(box.home, ".agent-connector", "plugin-runtime"))).toHaveLength(1);
  });
});

describe("plugin worker under Node (node:worker_threads, as Node plugin hosts start it)", () => {
  const node = Bun.which("node");
  test.skipIf(!node)(
    "the generated module, types stripped, run by Node: the worker answers and does not keep Node alive",
    async () => {
      const { box, file } = await withHandler(`() => ({ decision: "deny", reason: "node module says no" })`);
      const script = join(box.root, "module.mjs");
      box.write(script, new Bun.Transpiler({ loader: "ts" }).transformSync(box.read(file)));
      const driver = `
const plugin = (await import(${JSON.stringify(script)})).default;
const hooks = await plugin.server({ directory: ${JSON.stringify(box.project)} });
const outcome = await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, { args: { command: "ls" } }).then(() => "ran", (error) => error.message);
console.log(outcome);`;
      const started = performance.now();
      const run = Bun.spawnSync([node!, "--input-type=module", "-e", driver], {
        env: { ...process.env, ...box.env },
        stdout: "pipe",
        stderr: "pipe",
        timeout: 15_000,
      });
      expect(run.stderr.toString()).toBe("");
      expect(run.stdout.toString()).toBe("node module says no\n");
      // Nothing but the unref'd worker is left: Node exits on its own.
      expect(run.exitCode).toBe(0);
      expect(performance.now() - started).toBeLessThan(generous(10_000));
    },
    20_000,
  );

  test.skipIf(!node)(
    "answers a deny, and a busy loop is ended by terminate without freezing the main thread",
    async () => {
      const { box } = await withHandler(`(e) => { if (e.toolInput.command === "loop") while (true) {} return { decision: "deny", reason: "node says no" }; }`);
      const runtime = readdirSync(join(box.home, ".agent-connector", "plugin-runtime"))[0]!;
      const driver = `
const { Worker } = require("node:worker_threads");
const worker = new Worker(${JSON.stringify(join(box.home, ".agent-connector", "plugin-runtime", runtime))});
const call = (id, command) => ({ id, host: "opencode", connector: "w", event: "PreToolUse", payload: JSON.stringify({ hook: "tool.execute.before", input: { tool: "bash", sessionID: "s", callID: "c" }, output: { args: { command } } }), env: process.env });
const answers = [];
worker.on("message", (m) => { if (!m.ready) answers.push(m); });
worker.postMessage(call(1, "rm"));
worker.postMessage(call(2, "loop"));
let ticks = 0;
const interval = setInterval(() => ticks++, 5);
setTimeout(async () => {
  await worker.terminate();
  clearInterval(interval);
  console.log(JSON.stringify({ answers, ticks }));
}, 1000);`;
      const run = Bun.spawnSync([node!, "-e", driver], { env: { ...process.env, ...box.env }, stdout: "pipe", stderr: "pipe" });
      expect(run.stderr.toString()).toBe("");
      const { answers, ticks } = JSON.parse(run.stdout.toString());
      expect(answers).toEqual([{ id: 1, actions: { deny: "node says no" } }]);
      expect(ticks).toBeGreaterThan(50);
    },
    20_000,
  );
});
