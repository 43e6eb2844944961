import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "./support/budget.ts";
import { copyFileSync, existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { compile } from "../build/compile.ts";
import { BIN, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { claudeDeny, DAEMON_ON, daemonReady, prePayload, alive, until } from "./reliability/support.ts";

/**
 * The resident daemon's workers (src/daemon/serve.ts, src/hook/worker.ts) answer hook calls that a
 * thin client (src/hook/client.ts) hands them on their own sockets. What they must keep: the same
 * answers as a call in a process of its own, the call's own folder and environment, fresh
 * connectors, and an answer whatever happens to it (killed mid-call, replaced by an upgrade, idle). The guarantees against user code run in its workers too:
 * test/reliability/* has a `daemon` load for each of them.
 */
const boxes: Sandbox[] = [];
/** Each case starts a daemon and its workers: seconds on a busy machine. */
const SLOW = 30_000;
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

function daemonBox(handler: string, bin = BIN, transportEnv: Record<string, string> = {}): Sandbox {
  const box = sandbox();
  Object.assign(box.env, transportEnv);
  boxes.push(box);
  const config = writeConfig(
    box,
    `{ id: "test", timeout: 5, hooks: { PreToolUse: { handler: ${handler} }, SessionStart: { handler: () => ({ decision: "context", additionalContext: \`\${process.cwd()} \${process.env.AC_TEST_VALUE}\` }) } } }`,
  );
  expect(run(box, bin, ["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
  return box;
}

function run(box: Sandbox, bin: string, args: string[], options: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}) {
  const proc = Bun.spawnSync([bin, ...args], {
    cwd: options.cwd ?? box.project,
    env: { ...box.env, ...options.env },
    stdin: options.stdin === undefined ? "ignore" : Buffer.from(options.stdin),
  });
  return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
}

const status = (box: Sandbox, bin = BIN) => JSON.parse(run(box, bin, ["daemon", "status", "--json"], { env: DAEMON_ON }).stdout);

const DENY_TEE =
  "(event) => { console.log('checked', event.toolInput.command); return String(event.toolInput.command).includes('tee') ? { decision: 'deny', reason: 'no tee' } : undefined; }";
const session = { session_id: "s-1", cwd: "/fake/project", hook_event_name: "SessionStart", source: "startup" };
const contextReply = (text: string) => `${JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text } })}\n`;

/**
 * How the client hands a call over: with glibc's blocking system calls (Bun.FFI) on Linux
 * (src/hook/call-blocking.ts), with Bun's sockets elsewhere (src/hook/call-evented.ts, macOS's
 * way, chosen here with AGENT_CONNECTOR_FFI=0). Every call case runs both ways.
 */
const TRANSPORTS: [string, Record<string, string>][] = [
  ["blocking system calls", {}],
  ["Bun's sockets (AGENT_CONNECTOR_FFI=0)", { AGENT_CONNECTOR_FFI: "0" }],
];

for (const [transport, transportEnv] of TRANSPORTS) {
  describe(`the daemon, calls handed over with ${transport}`, () => {
    test(
      "answers exactly as a call in a process of its own, and says so in status",
      () => {
        const box = daemonBox(DENY_TEE, BIN, transportEnv);
        daemonReady(box);
        const cases = [prePayload({ tool_input: { command: "tee x" } }), prePayload({ tool_input: { command: "ls" } })];
        for (const payload of cases) {
          const alone = box.hook("claude-code", "PreToolUse", payload);
          const viaDaemon = box.hook("claude-code", "PreToolUse", payload, { env: DAEMON_ON });
          expect(viaDaemon).toEqual(alone);
        }
        expect(box.hook("claude-code", "PreToolUse", cases[0], { env: DAEMON_ON }).stdout).toBe(claudeDeny("no tee"));
        const after = status(box);
        expect(after.state).toBe("running");
        expect(after.daemon.calls).toBe(3);
        expect(run(box, BIN, ["daemon"], { env: DAEMON_ON }).stdout).toContain("daemon: running (pid ");
      },
      SLOW,
    );

    test(
      "a payload and an answer larger than a socket's buffer pass whole, byte for byte as in a process of its own",
      () => {
        const box = daemonBox(
          "(event) => { console.error('printed '.repeat(20000)); return { decision: 'deny', reason: 'saw ' + String(event.toolInput.command).length + ' ' + 'r\\n\\u2028'.repeat(300000) }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        // A 3 MB payload (a big tool input) and a 1.5 MB reason (UTF-8): many socket buffers each way.
        const payload = prePayload({ tool_input: { command: "x".repeat(3_000_000) } });
        const alone = box.hook("claude-code", "PreToolUse", payload);
        const viaDaemon = box.hook("claude-code", "PreToolUse", payload, { env: DAEMON_ON });
        expect(alone.stdout.length).toBeGreaterThan(1_000_000);
        expect(alone.stdout).toContain('"permissionDecisionReason":"saw 3000000 r\\n');
        expect(viaDaemon).toEqual(alone);
        expect(status(box).daemon.calls).toBe(1);
      },
      SLOW,
    );

    test(
      "what a handler prints on stderr reaches its own call only, call after call, past the size a worker keeps",
      () => {
        // 0.7 MB a call: the worker's stderr file is emptied between calls once it holds 1 MiB (src/hook/stderr-capture.ts).
        const box = daemonBox(
          "(event) => { console.error(String(event.toolInput.command).repeat(100000)); return { decision: 'deny', reason: 'printed' }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        for (const command of ["one1234", "two1234", "three12", "four123"]) {
          const payload = prePayload({ tool_input: { command } });
          const viaDaemon = box.hook("claude-code", "PreToolUse", payload, { env: DAEMON_ON });
          expect(viaDaemon).toEqual(box.hook("claude-code", "PreToolUse", payload));
          expect(viaDaemon.stderr).toBe(`${command.repeat(100000)}\n`);
        }
        expect(status(box).daemon.calls).toBe(4);
      },
      SLOW,
    );

    test(
      "a handler that throws or exits fails open as in a process of its own; the next call gets a fresh worker",
      () => {
        const box = daemonBox(
          "(event) => { if (event.toolInput.command === 'throw') throw new Error('boom'); if (event.toolInput.command === 'exit') process.exit(3); return { decision: 'deny', reason: 'fine' }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        for (const command of ["throw", "exit"]) {
          const payload = prePayload({ tool_input: { command } });
          const alone = box.hook("claude-code", "PreToolUse", payload);
          expect(alone.stderr).toContain("fail-open");
          daemonReady(box);
          expect(box.hook("claude-code", "PreToolUse", payload, { env: DAEMON_ON })).toEqual(alone);
          daemonReady(box);
          expect(box.hook("claude-code", "PreToolUse", prePayload(), { env: DAEMON_ON }).stdout).toBe(claudeDeny("fine"));
        }
        expect(status(box).daemon.calls).toBe(4);
      },
      SLOW,
    );

    test(
      "a handler sees the call's own working folder and environment, not the daemon's",
      () => {
        const box = daemonBox(DENY_TEE, BIN, transportEnv);
        daemonReady(box);
        const elsewhere = join(box.root, "elsewhere");
        box.write(join(elsewhere, "file"), "");
        for (const [cwd, value] of [
          [box.project, "one"],
          [elsewhere, "two"],
        ] as const) {
          const result = run(box, BIN, ["hook", "claude-code", "SessionStart", "--connector", "test"], {
            stdin: JSON.stringify(session),
            cwd,
            env: { ...DAEMON_ON, AC_TEST_VALUE: value },
          });
          expect(result.stdout).toBe(contextReply(`${cwd} ${value}`));
        }
        expect(status(box).daemon.calls).toBe(2);
      },
      SLOW,
    );

    test(
      "what a handler does to process.env does not reach the next call, even one with the same environment",
      () => {
        const box = daemonBox(
          "() => { const seen = process.env.AC_TEST_VALUE + ' ' + (process.env.AC_TEST_EXTRA ?? 'none'); process.env.AC_TEST_VALUE = 'leaked'; process.env.AC_TEST_EXTRA = 'x'; return { decision: 'deny', reason: seen }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        for (let i = 0; i < 3; i++)
          expect(box.hook("claude-code", "PreToolUse", prePayload(), { env: { ...DAEMON_ON, AC_TEST_VALUE: "one" } }).stdout).toBe(claudeDeny("one none"));
        expect(status(box).daemon.calls).toBe(3);
      },
      SLOW,
    );

    test(
      "a handler that reads stdin, as a hook script would, still answers and takes no other call's request",
      () => {
        const box = daemonBox(
          "() => { process.stdin.on('data', (d) => console.error('read', String(d).length)); return { decision: 'deny', reason: 'read' }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        for (let i = 0; i < 3; i++) {
          // The same worker answers each call. Were calls sent on its stdin, the worker's reader would
          // lock it (the handler throws) or user code would take the next call's line.
          const call = Bun.spawnSync([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
            cwd: box.project,
            env: { ...box.env, ...DAEMON_ON },
            stdin: Buffer.from(JSON.stringify(prePayload())),
            timeout: 10_000,
          });
          expect(call.stdout.toString()).toBe(claudeDeny("read"));
        }
        expect(status(box).daemon.calls).toBe(3);
      },
      SLOW,
    );

    test(
      "a connector edited after install is answered from its new source, and from its new compiled copy after that",
      async () => {
        const box = daemonBox("() => ({ decision: 'deny', reason: 'first' })", BIN, transportEnv);
        daemonReady(box);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env: DAEMON_ON }).stdout).toBe(claudeDeny("first"));
        const config = join(box.project, "agent-connector.config.ts");
        box.write(config, box.read(config).replace("'first'", "'second'"));
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env: DAEMON_ON }).stdout).toBe(claudeDeny("second"));
        // The call above started a compile in the background; its result is what the next calls load.
        expect(await until(() => box.read(join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "test.js")).includes("second"))).toBe(true);
        daemonReady(box);
        box.write(config, box.read(config).replace("'second'", "'third'"));
        expect(box.cli(["compile", "--connector", "test", "--quiet"]).exitCode).toBe(0);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env: DAEMON_ON }).stdout).toBe(claudeDeny("third"));
      },
      SLOW,
    );

    test(
      "calls for two connectors in turn each get their own connector's answer, each from a worker of its own",
      () => {
        const box = daemonBox("() => ({ decision: 'deny', reason: 'from test' })", BIN, transportEnv);
        const other = writeConfig(
          box,
          `{ id: "other", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "from other" }) } } }`,
          "other.config.ts",
        );
        expect(run(box, BIN, ["install", "--config", other, "--platform", "claude-code"]).exitCode).toBe(0);
        daemonReady(box);
        for (const connector of ["test", "other", "other", "test", "other"]) {
          expect(box.hook("claude-code", "PreToolUse", prePayload(), { connector, env: DAEMON_ON }).stdout).toBe(claudeDeny(`from ${connector}`));
        }
        const after = status(box).daemon;
        expect(after.calls).toBe(5);
        // One process per connector: neither sees the other's built-ins, timers or module state (test/reliability/isolation.test.ts).
        const served = after.slots.filter((s: { connector?: string }) => s.connector).map((s: { connector: string; pid: number }) => [s.connector, s.pid]);
        expect(served.map(([connector]: [string]) => connector).sort()).toEqual(["other", "test"]);
        expect(new Set(served.map(([, pid]: [string, number]) => pid)).size).toBe(2);
      },
      SLOW,
    );

    test(
      "stdin written after the client connected, within 300 ms: the worker answers; the client waits for it in poll(2) or in Bun's event loop",
      async () => {
        const box = daemonBox(
          "async (event) => { await Bun.sleep(400); return { decision: 'deny', reason: 'late ' + event.toolInput.command }; }",
          BIN,
          transportEnv,
        );
        daemonReady(box);
        // `require`: a call the worker did not answer would fail open, with no deny.
        const proc = Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
          cwd: box.project,
          env: { ...box.env, ...DAEMON_ON },
          stdin: "pipe",
          stdout: "pipe",
          stderr: "pipe",
        });
        await Bun.sleep(150);
        proc.stdin.write(JSON.stringify(prePayload({ tool_input: { command: "tee x" } })));
        await proc.stdin.end();
        // The handler sleeps: the client is waiting for the worker's answer.
        await Bun.sleep(200);
        const waitingIn = box.read(`/proc/${proc.pid}/wchan`);
        expect(await new Response(proc.stdout).text()).toBe(claudeDeny("late tee x"));
        expect(await proc.exited).toBe(0);
        expect(status(box).daemon.calls).toBe(1);
        // The kernel's name for where the process sleeps: epoll in Bun's event loop, poll(2) in ours.
        if (transportEnv.AGENT_CONNECTOR_FFI === "0") expect(waitingIn).toMatch(/epoll/);
        else expect(waitingIn).toMatch(/^(poll_schedule_timeout|do_sys_poll|do_poll)/);
      },
      SLOW,
    );

    test(
      "no stdin at all (the host closed it): the worker answers as a call in a process of its own",
      () => {
        const box = daemonBox(DENY_TEE, BIN, transportEnv);
        daemonReady(box);
        const closedStdin = (env: Record<string, string>) => {
          const proc = Bun.spawnSync(["sh", "-c", 'exec 0<&-; exec "$0" "$@"', BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
            cwd: box.project,
            env: { ...box.env, ...env },
          });
          return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode };
        };
        const alone = closedStdin({ AGENT_CONNECTOR_DAEMON: "0" });
        expect(alone.exitCode).toBe(0);
        expect(alone.stderr).toContain("stdin is empty; allowed (fail-open)");
        // `require`: had the worker not answered (stdin taken for late, say), the call would fail open with another line.
        expect(closedStdin(DAEMON_ON)).toEqual(alone);
        expect(status(box).daemon.calls).toBe(1);
      },
      SLOW,
    );

    test(
      "stdin never closed: the call lets the worker go after 300 ms (and would run in its own process); the next call is answered",
      async () => {
        const box = daemonBox(DENY_TEE, BIN, transportEnv);
        daemonReady(box);
        const started = performance.now();
        // `require`: what the call would have run in-process fails open instead, so the reason shows.
        const proc = Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
          cwd: box.project,
          env: { ...box.env, ...DAEMON_ON },
          stdin: "pipe",
          stdout: "pipe",
          stderr: "pipe",
        });
        proc.stdin.write(JSON.stringify(prePayload({ tool_input: { command: "tee x" } })));
        void proc.stdin.flush();
        const exitCode = await Promise.race([proc.exited, Bun.sleep(15_000).then(() => "still running")]);
        const ms = performance.now() - started;
        proc.kill();
        expect(exitCode).toBe(0);
        expect(ms).toBeLessThan(generous(3_000));
        expect(await new Response(proc.stdout).text()).toBe("");
        expect(await new Response(proc.stderr).text()).toContain("the daemon did not answer (stdin)");
        daemonReady(box);
        expect(box.hook("claude-code", "PreToolUse", prePayload({ tool_input: { command: "tee x" } }), { env: DAEMON_ON }).stdout).toBe(claudeDeny("no tee"));
      },
      SLOW,
    );

    test(
      "calls at once are all answered (a busy daemon's are run in-process)",
      async () => {
        const box = daemonBox(DENY_TEE, BIN, transportEnv);
        daemonReady(box);
        const payload = JSON.stringify(prePayload({ tool_input: { command: "tee x" } }));
        const procs = Array.from({ length: 6 }, () =>
          Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
            cwd: box.project,
            env: { ...box.env, AGENT_CONNECTOR_DAEMON: "1" },
            stdin: new Blob([payload]),
            stdout: "pipe",
            stderr: "pipe",
          }),
        );
        const outputs = await Promise.all(procs.map((proc) => new Response(proc.stdout).text()));
        expect(outputs).toEqual(Array(6).fill(claudeDeny("no tee")));
        expect(await Promise.all(procs.map((proc) => proc.exited))).toEqual(Array(6).fill(0));
      },
      SLOW,
    );

    test(
      "killed mid-call: the daemon's worker still answers; the worker's call is answered in-process; the deny kept both ways",
      async () => {
        const box = daemonBox("async () => { await Bun.sleep(600); return { decision: 'deny', reason: 'slow no' }; }", BIN, transportEnv);
        const log = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
        const call = () =>
          Bun.spawn([BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"], {
            cwd: box.project,
            env: { ...box.env, AGENT_CONNECTOR_DAEMON: "1" },
            stdin: new Blob([JSON.stringify(prePayload())]),
            stdout: "pipe",
            stderr: "pipe",
          });
        const workersOf = (pid: number) =>
          Bun.spawnSync(["pgrep", "-P", String(pid)])
            .stdout.toString()
            .trim()
            .split("\n")
            .filter(Boolean)
            .map(Number);
        for (const killed of ["daemon", "workers"] as const) {
          daemonReady(box);
          const { pid } = status(box).daemon;
          const workers = workersOf(pid);
          expect(workers.length).toBeGreaterThan(0);
          const proc = call();
          await Bun.sleep(250);
          for (const target of killed === "daemon" ? [pid] : workers) process.kill(target, "SIGKILL");
          expect(await new Response(proc.stdout).text()).toBe(claudeDeny("slow no"));
          expect(await proc.exited).toBe(0);
          const ranInProcess =
            existsSync(log) && box.read(log).includes("the daemon did not answer (lost: the connection closed before an answer); ran in-process");
          expect(ranInProcess).toBe(killed === "workers");
          // The daemon gone, its workers leave once their call is answered.
          if (killed === "daemon") expect(await until(() => workers.every((worker) => !alive(worker)))).toBe(true);
        }
      },
      SLOW,
    );
  });
}

describe("the daemon", () => {
  test(
    "a replaced binary (upgrade) gets a daemon of its own; the stale one leaves",
    async () => {
      const box = sandbox();
      boxes.push(box);
      const bin = join(box.root, "bin", "agent-connector");
      box.write(bin, "");
      copyFileSync(BIN, bin);
      const config = writeConfig(box, `{ id: "test", hooks: { PreToolUse: { handler: ${DENY_TEE} } } }`);
      expect(run(box, bin, ["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
      expect(run(box, bin, ["daemon", "start"], { env: DAEMON_ON }).exitCode).toBe(0);
      const old = status(box, bin);
      expect(old.state).toBe("running");
      // The upgrade: another build in the same place, with the id a build of other code would have.
      const upgraded = join(box.root, "bin", "agent-connector.new");
      await compile(upgraded, undefined, { order: false, id: `upgrade-${Date.now()}` });
      renameSync(upgraded, bin);
      expect(status(box, bin).state).toBe("not running");
      const payload = JSON.stringify(prePayload({ tool_input: { command: "tee x" } }));
      // The first call finds no daemon for this binary: it answers in-process and starts one.
      expect(run(box, bin, ["hook", "claude-code", "PreToolUse", "--connector", "test"], { stdin: payload, env: { AGENT_CONNECTOR_DAEMON: "1" } }).stdout).toBe(
        claudeDeny("no tee"),
      );
      expect(await until(() => !alive(old.daemon.pid))).toBe(true);
      expect(await until(() => status(box, bin).state === "running")).toBe(true);
      expect(status(box, bin).daemon.pid).not.toBe(old.daemon.pid);
      expect(existsSync(old.socket)).toBe(false);
    },
    SLOW,
  );

  test(
    "leaves when idle, and when its folder is removed",
    async () => {
      const box = daemonBox(DENY_TEE);
      expect(run(box, BIN, ["daemon", "start"], { env: { ...DAEMON_ON, AGENT_CONNECTOR_DAEMON_IDLE_MS: "1500" } }).exitCode).toBe(0);
      const idle = status(box).daemon.pid;
      expect(await until(() => !alive(idle))).toBe(true);
      daemonReady(box);
      const removed = status(box);
      box.cli(["daemon", "status"]); // nothing but status: still there
      expect(alive(removed.daemon.pid)).toBe(true);
      Bun.spawnSync(["rm", "-rf", join(box.env.AGENT_CONNECTOR_HOME!, "daemon")]);
      expect(await until(() => !alive(removed.daemon.pid))).toBe(true);
    },
    SLOW,
  );

  test(
    "AGENT_CONNECTOR_DAEMON=0: every call in its own process, no daemon started",
    () => {
      const box = daemonBox(DENY_TEE);
      const payload = prePayload({ tool_input: { command: "tee x" } });
      for (let i = 0; i < 3; i++) expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(claudeDeny("no tee"));
      expect(existsSync(join(box.env.AGENT_CONNECTOR_HOME!, "daemon"))).toBe(false);
      expect(run(box, BIN, ["daemon", "status"]).stdout).toContain("daemon: off (AGENT_CONNECTOR_DAEMON=0)");
    },
    SLOW,
  );
});
