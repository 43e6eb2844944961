import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { BIN, sandbox, type Result } from "../support/harness.ts";
import { claudeDeny, configWithHandler, isFailOpen, LOADS, prePayload, withEnv } from "./support.ts";

/**
 * Whatever user code does, the hook answers within its budget (timeout 2 s → 1 s here): fail-open,
 * or the deny already made. Each case would run until killed without the watchdog.
 */
const box = sandbox();
const LIMIT_MS = 1900;

function timed(run: () => Result): Result & { ms: number } {
  const started = performance.now();
  const result = run();
  return { ...result, ms: performance.now() - started };
}

/** `prelude` runs at the config's top level only when the hook call sets AC_TEST_HANG (install loads the config too). */
const HANGS: Record<string, { handler: string; prelude?: string; sourceOnly?: true }> = {
  "busy loop": { handler: "() => { while (true) {} }" },
  "tail recursion": { handler: `() => { "use strict"; const f = (n) => f(n + 1); return f(0); }` },
  "unbounded allocation": { handler: "() => { const a = []; while (true) a.push(new Array(1e5).fill(1)); }" },
  "busy loop after an await": { handler: "async () => { await null; while (true) {} }" },
  "busy loop after a timer": { handler: "async () => { await new Promise((r) => setTimeout(r, 20)); while (true) {} }" },
  "busy loop after Bun.sleep": { handler: "async () => { await Bun.sleep(20); while (true) {} }" },
  "a promise that never settles, timers still running": { handler: "() => new Promise(() => setInterval(() => {}, 50))" },
  "config top level loops": { handler: "() => undefined", prelude: "if (process.env.AC_TEST_HANG) while (true) {}" },
  // A config with a top-level await cannot be compiled to CommonJS: it always runs from its source.
  "config top level awaits forever": {
    handler: "() => undefined",
    prelude: "if (process.env.AC_TEST_HANG) await new Promise(() => setInterval(() => {}, 50));",
    sourceOnly: true,
  },
  "config top level loops after an await": {
    handler: "() => undefined",
    prelude: "if (process.env.AC_TEST_HANG) { await null; while (true) {} }",
    sourceOnly: true,
  },
};

describe.each(Object.entries(LOADS))("time budget: fail-open within the budget (%s)", (loadName, load) => {
  for (const [name, { handler, prelude, sourceOnly }] of Object.entries(HANGS)) {
    if (sourceOnly && loadName !== "source") continue;
    test(name, () => {
      const config = configWithHandler(box, handler, prelude, `hang-${name.replace(/\W+/g, "-")}.config.ts`);
      const options = withEnv(load(box, config), { AC_TEST_HANG: "1" }); // installing (and starting a daemon) is not the call's time
      const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
      expect(result.ms).toBeLessThan(generous(LIMIT_MS));
      expect(isFailOpen(result, "")).toBe(true);
    });
  }
});

describe("time budget: fail-open within the budget", () => {
  test("stdin that is never closed", async () => {
    const config = configWithHandler(box, "() => ({ decision: 'deny', reason: 'no' })", "", "stdin-open.config.ts");
    const started = performance.now();
    const proc = Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--config", config], {
      cwd: box.project,
      env: box.env,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    proc.stdin.write(JSON.stringify(prePayload()));
    const exitCode = await Promise.race([proc.exited, Bun.sleep(5000).then(() => "still running")]);
    const ms = performance.now() - started;
    proc.kill();
    expect(exitCode).toBe(0);
    expect(ms).toBeLessThan(generous(LIMIT_MS));
    expect(await new Response(proc.stdout).text()).toBe("");
    expect(await new Response(proc.stderr).text()).toContain("did not answer within its time budget");
  });
});

/**
 * After real I/O the event loop, not our code, calls user code: the backstop process ends the hook
 * (src/hook/backstop.ts). The host sees a failed hook with our line on stderr (fail-open), never a deny.
 */
const AFTER_IO: Record<string, { handler: string; prelude?: string; sourceOnly?: true }> = {
  "a handler that loops after reading a file": { handler: "async () => { await Bun.file(import.meta.path).text(); while (true) {} }" },
  "a handler that loops after a fetch": { handler: "async () => { await fetch('http://127.0.0.1:9/').catch(() => {}); while (true) {} }" },
  "a config whose top level loops after reading a file": {
    handler: "() => undefined",
    prelude: "if (process.env.AC_TEST_HANG) { await Bun.file(import.meta.path).text(); while (true) {} }",
    sourceOnly: true,
  },
};

describe.each(Object.entries(LOADS))("time budget: user code that blocks after real I/O is ended (%s)", (loadName, load) => {
  for (const [name, { handler, prelude, sourceOnly }] of Object.entries(AFTER_IO)) {
    if (sourceOnly && loadName !== "source") continue;
    test.skipIf(process.platform === "win32")(name, () => {
      const config = configWithHandler(box, handler, prelude, `io-${name.replace(/\W+/g, "-")}.config.ts`);
      const options = withEnv(load(box, config), { AC_TEST_HANG: "1" }); // installing (and starting a daemon) is not the call's time
      const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
      expect(result.ms).toBeLessThan(generous(LIMIT_MS + 1000));
      expect(result.stdout).toBe("");
      expect(result.exitCode).not.toBe(0);
      expect(result.exitCode).not.toBe(2);
      expect(result.stderr).toContain("blocked the process past its time budget; ended (fail-open)");
    });
  }
});

describe.each(Object.entries(LOADS))("time budget: a deny already made is kept (%s)", (_load, load) => {
  test("a stray microtask loops after a synchronous deny", () => {
    const config = configWithHandler(
      box,
      "() => { Promise.resolve().then(() => { while (true) {} }); return { decision: 'deny', reason: 'no' }; }",
      "",
      "deny-then-loop.config.ts",
    );
    const options = load(box, config);
    const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
    expect(result.ms).toBeLessThan(generous(LIMIT_MS));
    expect(result.stdout).toBe(claudeDeny("no"));
  });
  // The stray loop uses up the budget before the answer is read: reading it still gets a moment.
  test("a stray microtask loops, then the deny is read slowly", () => {
    const slowDecision = "get decision() { const end = performance.now() + 20; while (performance.now() < end) {} return 'deny'; }";
    const config = configWithHandler(
      box,
      `() => { Promise.resolve().then(() => { while (true) {} }); return { ${slowDecision}, reason: 'no' }; }`,
      "",
      "deny-slow-read.config.ts",
    );
    const options = load(box, config);
    const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
    expect(result.ms).toBeLessThan(generous(LIMIT_MS));
    expect(result.stdout).toBe(claudeDeny("no"));
  });
  test("a reason getter that never returns after decision: deny", () => {
    const config = configWithHandler(box, "() => ({ decision: 'deny', get reason() { while (true) {} } })", "", "deny-getter-loop.config.ts");
    const options = load(box, config);
    const result = timed(() => box.hook("claude-code", "PreToolUse", prePayload(), options));
    expect(result.ms).toBeLessThan(generous(LIMIT_MS));
    expect(result.stdout).toBe(claudeDeny("Blocked by the test hook"));
  });
});

afterAll(() =>
  console.log(
    `reliability/time-budget: ${Object.keys(HANGS).length + 1} kinds of hang, 3 late denies, each answered within ${LIMIT_MS} ms (budget 1 s); ${Object.keys(AFTER_IO).length} kinds of block after real I/O, ended within ${LIMIT_MS + 1000} ms`,
  ),
);
