import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { claudeDeny, DAEMON_ON, daemonReady, prePayload } from "./reliability/support.ts";
import { generous } from "./support/budget.ts";

/**
 * Every command ends when its work is done, whatever the connector's top level leaves running (a
 * timer, say): install, explain, simulate, compile and the rest exit with their code and their whole
 * output. The compile a hook call starts in the background (when it finds the compiled copy
 * stale) ends too, and has a deadline for a config that never finishes loading.
 */
const TIMER = "setInterval(() => {}, 1000);";
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

/** The binary run with a hard limit, as a host or a terminal would wait for it. */
function run(box: Sandbox, args: string[], options: { env?: Record<string, string>; stdin?: string; timeoutMs?: number } = {}) {
  const started = performance.now();
  const proc = Bun.spawnSync([BIN, ...args], {
    cwd: box.project,
    env: { ...box.env, ...options.env },
    stdin: options.stdin === undefined ? "ignore" : Buffer.from(options.stdin),
    timeout: options.timeoutMs ?? 15_000,
    killSignal: "SIGKILL",
  });
  return {
    stdout: proc.stdout.toString(),
    stderr: proc.stderr.toString(),
    exitCode: proc.exitCode,
    signal: proc.signalCode ?? null,
    ms: performance.now() - started,
  };
}

function timerBox(id = "test"): { box: Sandbox; config: string } {
  const box = sandbox();
  boxes.push(box);
  const config = writeConfig(box, `{ id: ${JSON.stringify(id)}, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "timer kept" }) } } }`);
  box.write(
    config,
    box.read(config).replace('import { defineConnector } from "agent-connector";\n', `import { defineConnector } from "agent-connector";\n${TIMER}\n`),
  );
  return { box, config };
}

/** The processes whose command line holds all of `words`. */
const processesWith = (...words: string[]) =>
  Bun.spawnSync(["ps", "-eo", "pid=,args="])
    .stdout.toString()
    .split("\n")
    .filter((line) => words.every((word) => line.includes(word)));

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms; await Bun.sleep(50)) if (check()) return true;
  return false;
}

describe("a config whose top level keeps a timer: every command still ends", () => {
  test(
    "install, explain, simulate, compile, status, doctor, uninstall: their exit code and whole output",
    () => {
      const { box, config } = timerBox();
      const installed = run(box, ["install", "--config", config, "--platform", "claude-code", "--json"]);
      expect(installed.signal).toBeNull();
      expect(installed.exitCode).toBe(0);
      expect(JSON.parse(installed.stdout)).toMatchObject({ ok: true, connector: "test" });

      const explained = run(box, ["explain", "--config", config, "--json"]);
      expect(explained.signal).toBeNull();
      expect(explained.exitCode).toBe(0);
      expect(JSON.parse(explained.stdout)).toBeDefined();

      const simulated = run(box, ["simulate", "claude-code", "PreToolUse", "--config", config, "--payload", "-", "--json"], {
        stdin: JSON.stringify(prePayload()),
      });
      expect(simulated.signal).toBeNull();
      expect(simulated.exitCode).toBe(0);
      expect(simulated.stdout).toContain("timer kept");

      const compiled = run(box, ["compile", "--connector", "test", "--json"]);
      expect(compiled.signal).toBeNull();
      expect(compiled.exitCode).toBe(0);
      expect(JSON.parse(compiled.stdout)).toMatchObject({ ok: true });

      for (const args of [
        ["status", "--json"],
        ["doctor", "--json"],
      ]) {
        const result = run(box, args);
        expect(result.signal).toBeNull();
        expect(JSON.parse(result.stdout)).toBeDefined();
      }

      const uninstalled = run(box, ["uninstall", "--connector", "test", "--platform", "claude-code", "--json"]);
      expect(uninstalled.signal).toBeNull();
      expect(uninstalled.exitCode).toBe(0);
      expect(JSON.parse(uninstalled.stdout)).toMatchObject({ ok: true });
    },
    generous(120_000),
  );

  for (const [mode, env] of [
    ["in a process of its own", {}],
    ["in a daemon's worker", DAEMON_ON],
  ] as const) {
    test(
      `the hook call answers and exits; the compile it starts for an edited config ends once done (${mode})`,
      async () => {
        const id = `timer-${mode.length}-${process.pid}`;
        const { box, config } = timerBox(id);
        expect(run(box, ["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
        if (mode !== "in a process of its own") daemonReady(box);
        // Edited since install: the call loads the source and starts `compile` in the background.
        box.write(config, box.read(config).replace('"timer kept"', '"timer edited"'));
        const called = run(box, ["hook", "claude-code", "PreToolUse", "--connector", id], { env, stdin: JSON.stringify(prePayload()) });
        expect(called).toMatchObject({ stdout: claudeDeny("timer edited"), exitCode: 0, signal: null });
        const compiledFile = join(box.env.AGENT_CONNECTOR_HOME!, "compiled", `${id}.js`);
        expect(await until(() => existsSync(compiledFile) && readFileSync(compiledFile, "utf8").includes("timer edited"))).toBe(true);
        expect(await until(() => processesWith("compile", "--connector", id).length === 0)).toBe(true);
      },
      generous(60_000),
    );
  }
});

describe("the compile a hook call starts has a deadline", () => {
  test(
    "a config that never finishes loading: the hook fails open at its budget, the compile it started ends at its deadline",
    async () => {
      const id = `forever-${process.pid}`;
      const box = sandbox();
      boxes.push(box);
      const config = writeConfig(
        box,
        `{ id: ${JSON.stringify(id)}, timeout: 2, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "loaded" }) } } }`,
      );
      expect(run(box, ["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
      // Now its top level awaits what never comes: neither the call nor the compile can finish loading it.
      box.write(
        config,
        box
          .read(config)
          .replace(
            'import { defineConnector } from "agent-connector";\n',
            'import { defineConnector } from "agent-connector";\nawait new Promise(() => {});\n',
          ),
      );
      const called = run(box, ["hook", "claude-code", "PreToolUse", "--connector", id], { stdin: JSON.stringify(prePayload()) });
      expect(called.exitCode).toBe(0);
      expect(called.stdout).toBe("");
      expect(called.stderr).toContain("allowed (fail-open)");
      // The compile it started waits too, with a deadline on its command line.
      expect(await until(() => processesWith("compile", "--connector", id).length > 0, 5_000)).toBe(true);
      const compiles = processesWith("compile", "--connector", id);
      expect(compiles[0]).toContain("--deadline 30");
      // Not waited for here (test/commands-end.test.ts checks --deadline itself below).
      for (const line of compiles) process.kill(Number(line.trim().split(" ")[0]));
    },
    generous(60_000),
  );

  test(
    "compile --deadline: a config awaiting forever ends at the deadline, recorded as not compiled; one that loops forever is ended too",
    async () => {
      for (const [what, prelude] of [
        ["awaits forever", "await new Promise(() => {});"],
        ["loops forever", "while (true) {}"],
      ] as const) {
        const box = sandbox();
        const config = writeConfig(box, `{ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "loaded" }) } } }`);
        expect(run(box, ["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
        box.write(
          config,
          box.read(config).replace('import { defineConnector } from "agent-connector";\n', `import { defineConnector } from "agent-connector";\n${prelude}\n`),
        );
        const compiled = run(box, ["compile", "--connector", "test", "--quiet", "--deadline", "1"], { timeoutMs: 20_000 });
        expect({ what, signal: compiled.signal ?? (compiled.exitCode === 137 ? "SIGKILL" : null), fast: compiled.ms < 10_000 }).toEqual({
          what,
          signal: what === "awaits forever" ? null : "SIGKILL",
          fast: true,
        });
        if (what === "awaits forever") {
          expect(compiled.exitCode).toBe(3);
          const header = readFileSync(join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "test.js"), "utf8").split("\n", 1)[0]!;
          // The installed snapshot stays and answers; its header records why the source cannot be used.
          expect(header).toContain('"kind":"script"');
          expect(header).toContain('"sourceProblem":"did not finish loading within 1 s"');
        }
      }
    },
    generous(60_000),
  );
});
