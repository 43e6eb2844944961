import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { join } from "node:path";
import { statSync } from "node:fs";
import { BIN, sandbox, writeConfig, type Result, type Sandbox } from "../support/harness.ts";
import { claudeDeny, DAEMON_ON, daemonReady, prePayload, BOTH_WAYS } from "./support.ts";

/**
 * A call answered by a daemon's worker has the process state a hook process of its own would
 * have: the host's umask for the files user code writes, and the environment its connector's top
 * level made (it runs once per worker, but what it put in process.env is there on every call, as
 * when it runs in each call's own process). Each case runs both ways.
 */
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

/** A hook call as a host makes it: its umask set first, the payload in a pipe. */
function hook(box: Sandbox, umask: string, env: Record<string, string>): Result {
  const run = Bun.spawnSync(
    ["sh", "-c", 'umask "$AC_TEST_UMASK"; printf "%s" "$AC_TEST_PAYLOAD" | "$@"', "sh", BIN, "hook", "claude-code", "PreToolUse", "--connector", "test"],
    {
      cwd: box.project,
      env: { ...box.env, ...env, AC_TEST_UMASK: umask, AC_TEST_PAYLOAD: JSON.stringify(prePayload()) },
    },
  );
  return { stdout: run.stdout.toString(), stderr: run.stderr.toString(), exitCode: run.exitCode ?? -1 };
}

function install(box: Sandbox, source: string): void {
  const config = writeConfig(box, source);
  const installed = box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
  if (installed.exitCode !== 0) throw new Error(installed.stdout + installed.stderr);
}

for (const [way, env] of BOTH_WAYS) {
  describe(`process state as in a process of its own (${way})`, () => {
    test(
      "a file user code writes gets the host's umask, call by call",
      () => {
        const box = sandbox();
        boxes.push(box);
        const written = join(box.root, "written");
        install(
          box,
          `{ id: "test", timeout: 5, hooks: { PreToolUse: { handler: () => { const fs = require("node:fs"); fs.rmSync(${JSON.stringify(written)}, { force: true }); fs.writeFileSync(${JSON.stringify(written)}, "x"); return { decision: "deny", reason: (fs.statSync(${JSON.stringify(written)}).mode & 0o777).toString(8) }; } } } }`,
        );
        if (way === "daemon") daemonReady(box);
        for (const [umask, mode] of [
          ["077", "600"],
          ["022", "644"],
          ["077", "600"],
        ] as const) {
          expect(hook(box, umask, env)).toMatchObject({ stdout: claudeDeny(mode), exitCode: 0 });
          expect((statSync(written).mode & 0o777).toString(8)).toBe(mode);
        }
      },
      generous(30_000),
    );

    test(
      "what the connector's top level put in process.env is there on every call, over the host's own",
      () => {
        const box = sandbox();
        boxes.push(box);
        install(
          box,
          `{ id: "test", timeout: 5, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: [process.env.AC_TOP, process.env.AC_REMOVED ?? "removed", process.env.AC_CALL ?? "none"].join(" ") }) } } }`,
        );
        const config = join(box.project, "agent-connector.config.ts");
        box.write(
          config,
          box
            .read(config)
            .replace(
              'import { defineConnector } from "agent-connector";\n',
              'import { defineConnector } from "agent-connector";\nprocess.env.AC_TOP = "top";\ndelete process.env.AC_REMOVED;\n',
            ),
        );
        box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
        if (way === "daemon") daemonReady(box);
        for (const call of ["one", "two", "three"]) {
          expect(hook(box, "022", { ...env, AC_TOP: "host", AC_REMOVED: "host", AC_CALL: call })).toMatchObject({
            stdout: claudeDeny(`top removed ${call}`),
            exitCode: 0,
          });
        }
      },
      generous(30_000),
    );

    test(
      "variables named like Object.prototype members (constructor, __proto__) are the call's own, call by call",
      () => {
        const box = sandbox();
        boxes.push(box);
        const names = JSON.stringify(PROTOTYPE_NAMES);
        install(
          box,
          `{ id: "test", timeout: 5, hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: ${names}.map((n) => n + "=" + (Object.hasOwn(process.env, n) ? process.env[n] : "-")).join(" ") }) } } }`,
        );
        if (way === "daemon") daemonReady(box);
        // A call whose environment a worker cannot hold (`__proto__` is no own property of process.env
        // there) runs in the host's own process: not `require`, which would fail it open instead; the
        // others must be answered by the daemon (`require`), or a busy machine could send them in-process too.
        const callEnv = (set: object) => (way === "daemon" ? { ...env, AGENT_CONNECTOR_DAEMON: Object.hasOwn(set, "__proto__") ? "1" : "require" } : env);
        const all = Object.fromEntries(PROTOTYPE_NAMES.map((name, i) => [name, `v${i}`]));
        for (const [set, reason] of [
          [all, PROTOTYPE_NAMES.map((name, i) => `${name}=v${i}`).join(" ")],
          [{}, PROTOTYPE_NAMES.map((name) => `${name}=-`).join(" ")],
          [{ constructor: "c" }, PROTOTYPE_NAMES.map((name) => `${name}=${name === "constructor" ? "c" : "-"}`).join(" ")],
          [{}, PROTOTYPE_NAMES.map((name) => `${name}=-`).join(" ")],
        ] as const) {
          expect(hook(box, "022", { ...callEnv(set), ...set })).toMatchObject({ stdout: claudeDeny(reason), exitCode: 0 });
        }
        if (way === "daemon") expect(JSON.parse(box.cli(["daemon", "status", "--json"], { env: DAEMON_ON }).stdout).daemon.calls).toBeGreaterThanOrEqual(3);
      },
      generous(30_000),
    );
  });
}

/** Names every plain object inherits: a lookup that forgets that finds them in any environment. */
const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
