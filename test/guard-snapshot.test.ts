import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { generous } from "./support/budget.ts";
import { BIN, sandbox, type Result, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, claudeDeny, DAEMON_ON, daemonReady, prePayload, until } from "./reliability/support.ts";

/**
 * Hooks run what was installed (issue 43, point 1): a guard that denies `rm -rf` keeps denying
 * when its config moves, is deleted, breaks or imports a module that is gone; the installed
 * snapshot answers, and hook.log (once), status, doctor and explain say so. A valid edit is
 * followed (edit and go); a --frozen install follows nothing until the next install. Each way: a
 * worker of the daemon, and a process of its own. A second connector shares the host file.
 */
const boxes: Sandbox[] = [];
/** Daemons started for another user's HOME (the managed case). */
const otherDaemons: Record<string, string>[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
  for (const env of otherDaemons) Bun.spawnSync([BIN, "daemon", "stop"], { env });
}, 60_000);

/** A guard whose deny reason comes from `reason` (an expression; `imports` at its top). */
const guardSource = (reason: string, imports = "") =>
  `import { defineConnector } from "agent-connector";
${imports}
export default defineConnector({
  id: "guard",
  hooks: {
    PreToolUse: {
      matcher: "@shell",
      handler: (event) => (event.tool.command?.includes("rm -rf") ? { decision: "deny", reason: ${reason} } : undefined),
    },
  },
});
`;

const OTHER = `import { defineConnector } from "agent-connector";
export default defineConnector({
  id: "other",
  hooks: { PreToolUse: { matcher: "@shell", handler: (event) => (event.tool.command?.includes("curl") ? { decision: "deny", reason: "no curl" } : undefined) } },
});
`;

interface Guarded {
  box: Sandbox;
  config: string;
  env: Record<string, string>;
  /** The `rm -rf` call as Claude Code makes it. */
  rm(): Result;
  /** The compiled file's first line (src/compiled/artifact.ts). */
  header(): string;
  /** When the snapshot was made, as its header says. */
  madeAt(): string;
  compiled(): string;
  /** hook.log's lines that report the source as unusable. */
  problemLines(): string[];
  status(json?: boolean): Result;
}

function guarded(env: Record<string, string>, options: { frozen?: boolean; imports?: boolean } = {}): Guarded {
  const box = sandbox();
  boxes.push(box);
  if (options.imports) box.write(join(box.project, "reason.ts"), `export const REASON = "no rm -rf";\n`);
  const config = box.write(
    join(box.project, "agent-connector.config.ts"),
    options.imports ? guardSource("REASON", `import { REASON } from "./reason.ts";`) : guardSource(`"no rm -rf"`),
  );
  const other = box.write(join(box.root, "other", "agent-connector.config.ts"), OTHER);
  const frozen = options.frozen ? ["--frozen"] : [];
  for (const path of [config, other]) {
    const installed = box.cli(["install", "--config", path, "--platform", "claude-code", ...frozen]);
    if (installed.exitCode !== 0) throw new Error(`install ${path} failed: ${installed.stdout}${installed.stderr}`);
  }
  if (env === DAEMON_ON) daemonReady(box);
  const compiledFile = join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "guard.js");
  const logFile = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
  const compiled = () => (box.exists(compiledFile) ? box.read(compiledFile) : "");
  return {
    box,
    config,
    env,
    rm: () => box.hook("claude-code", "PreToolUse", prePayload(), { connector: "guard", env }),
    compiled,
    header: () => compiled().split("\n", 1)[0]!,
    madeAt: () => JSON.parse(compiled().split("\n", 1)[0]!.replace("//agent-connector:compiled ", "")).at,
    problemLines: () => (box.exists(logFile) ? box.read(logFile).split("\n") : []).filter((line) => line.includes("guard: the source")),
    status: (json = false) => box.cli(["status", ...(json ? ["--json"] : [])], { env }),
  };
}

const denied = (reason: string): Result => ({ stdout: claudeDeny(reason), stderr: "", exitCode: 0 });

/** The other connector in the same settings.json is untouched. */
function otherStillGuards(g: Guarded): void {
  expect(g.box.hook("claude-code", "PreToolUse", prePayload({ tool_input: { command: "curl x" } }), { connector: "other", env: g.env })).toEqual(
    denied("no curl"),
  );
}

const lineOf = (text: string, start: string): string =>
  text.split("\n").find((line) => line.trimStart().startsWith(start)) ?? `(no line starting "${start}" in:\n${text})`;

/** The snapshot check of guard's install in `status --json`. */
function snapshotCheck(g: Guarded): { name: string; ok: boolean; detail: string } | undefined {
  const report = JSON.parse(g.status(true).stdout) as { installs: { connector: string; checks: { name: string; ok: boolean; detail: string }[] }[] };
  return report.installs.find((i) => i.connector === "guard")?.checks.find((c) => c.name === "snapshot");
}

/**
 * After the source became unusable (`error`: what its loader says): the snapshot answers every
 * call, hook.log says so once, status names the file and the error and fails.
 */
async function expectKept(g: Guarded, error: string): Promise<void> {
  expect(g.rm()).toEqual(denied("no rm -rf"));
  // The call started a compile in the background: it records the problem in the snapshot's header.
  expect(await until(() => g.header().includes('"sourceProblem"'), generous(20_000))).toBe(true);
  for (let i = 0; i < 3; i++) expect(g.rm()).toEqual(denied("no rm -rf"));
  // A compile still running would be a second chance to log: none is left once the calls answer from the snapshot.
  await Bun.sleep(500);
  expect(g.problemLines()).toHaveLength(1);
  expect(g.problemLines()[0]).toContain(g.config);
  expect(g.problemLines()[0]).toContain(error);
  const status = g.status();
  expect(status.exitCode).toBe(5);
  const line = lineOf(status.stdout, "snapshot:");
  expect(line).toContain("hook calls answer from the snapshot made ");
  expect(line).toContain(g.config);
  expect(line).toContain(error);
  otherStillGuards(g);
  // Not "drift": the guard holds, its source is what must be fixed.
  expect(status.stdout).toMatch(/\nguard +claude-code +user +~\/\.claude\/settings\.json +source-broken\n/);
  expect(status.stdout).toMatch(/\nother +claude-code +user +~\/\.claude\/settings\.json +ok\n/);
}

for (const [way, env] of BOTH_WAYS) {
  describe(`hooks run what was installed (${way})`, () => {
    test(
      "(a) config moved away: still denies; status, doctor and explain say the snapshot answers; hook.log once",
      async () => {
        const g = guarded(env);
        expect(g.rm()).toEqual(denied("no rm -rf"));
        const moved = join(g.box.root, "moved.config.ts");
        renameSync(g.config, moved);
        await expectKept(g, "file not found");
        const doctor = g.box.cli(["doctor"], { env });
        expect(doctor.exitCode).not.toBe(0);
        const line = lineOf(doctor.stdout, "FAIL  snapshot:");
        expect(line).toContain(g.config);
        expect(line).toContain("file not found");
        // explain of the file where it was: the config does not load, and the snapshot answers.
        const explainGone = g.box.cli(["explain", "--config", g.config], { env });
        expect(explainGone.exitCode).toBe(3);
        expect(explainGone.stderr).toContain("file not found");
        expect(explainGone.stderr).toContain("the installed snapshot of guard");
        // explain of the file where it went: same id, and the installed one is not this file.
        const explainMoved = g.box.cli(["explain", "--config", moved, "--platform", "claude-code"], { env });
        expect(explainMoved.exitCode).toBe(0);
        expect(lineOf(explainMoved.stdout, "installed snapshot")).toContain(`hook calls answer from the snapshot made `);
        expect(g.problemLines()).toHaveLength(1);
      },
      generous(90_000),
    );

    /** Ways a source stops loading after install, the words its loader then says, and the config they start from. */
    const BREAKS: [string, (g: Guarded) => void, string, { imports?: boolean }][] = [
      ["(b) config deleted", (g) => rmSync(g.config), "file not found", {}],
      ["(c) config edited into a syntax error", (g) => g.box.write(g.config, "export default {{{\n"), "syntax error", {}],
      [
        "(d) config importing a module that no longer exists",
        (g) => rmSync(join(g.box.project, "reason.ts")),
        "Cannot find module './reason.ts'",
        { imports: true },
      ],
    ];
    for (const [name, breakIt, error, options] of BREAKS)
      test(
        `${name}: still denies, status says so`,
        async () => {
          const g = guarded(env, options);
          expect(g.rm()).toEqual(denied("no rm -rf"));
          breakIt(g);
          await expectKept(g, error);
        },
        generous(60_000),
      );

    test(
      "(e) config edited validly: the next calls answer with the new behaviour, the snapshot follows, status ok",
      async () => {
        const g = guarded(env);
        expect(g.rm()).toEqual(denied("no rm -rf"));
        g.box.write(g.config, guardSource(`"still no"`));
        expect(g.rm()).toEqual(denied("still no"));
        // The compile that call started makes the edit the snapshot.
        expect(await until(() => g.compiled().includes("still no"), generous(20_000))).toBe(true);
        expect(g.rm()).toEqual(denied("still no"));
        const status = g.status();
        expect(status.exitCode).toBe(0);
        expect(snapshotCheck(g)).toEqual({ name: "snapshot", ok: true, detail: `hook calls run the snapshot made ${g.madeAt()}` });
        // Broken after that edit: what answers is the edited snapshot, not the one install made.
        g.box.write(g.config, "export default {{{\n");
        expect(g.rm()).toEqual(denied("still no"));
        expect(await until(() => g.header().includes('"sourceProblem"'), generous(20_000))).toBe(true);
        expect(g.status().exitCode).toBe(5);
        // Fixed again: followed again, and status is back to ok.
        g.box.write(g.config, guardSource(`"fixed"`));
        expect(g.rm()).toEqual(denied("fixed"));
        expect(await until(() => g.compiled().includes('"fixed"') && !g.header().includes('"sourceProblem"'), generous(20_000))).toBe(true);
        expect(g.status().exitCode).toBe(0);
        expect(g.problemLines()).toHaveLength(1);
      },
      generous(90_000),
    );

    test(
      "(f) install --frozen: a valid edit changes nothing until the next install; status and explain say frozen",
      async () => {
        const g = guarded(env, { frozen: true });
        expect(g.header()).toContain('"frozen":true');
        expect(g.rm()).toEqual(denied("no rm -rf"));
        g.box.write(g.config, guardSource(`"still no"`));
        for (let i = 0; i < 3; i++) expect(g.rm()).toEqual(denied("no rm -rf"));
        // No compile follows the source behind the frozen snapshot's back.
        await Bun.sleep(1000);
        expect(g.compiled()).not.toContain("still no");
        expect(g.status().exitCode).toBe(0);
        expect(snapshotCheck(g)).toEqual({
          name: "snapshot",
          ok: true,
          detail: `frozen: hook calls run the snapshot made ${g.madeAt()}; ${g.config} changed since and is not followed (install again to use it)`,
        });
        const explain = g.box.cli(["explain", "--config", g.config, "--platform", "claude-code"], { env });
        expect(explain.exitCode).toBe(0);
        expect(lineOf(explain.stdout, "installed snapshot")).toContain("frozen: hook calls run the snapshot made ");
        // Moved away: a frozen guard still answers (and status says the config is gone).
        rmSync(g.config);
        expect(g.rm()).toEqual(denied("no rm -rf"));
        // The next install is what changes it.
        g.box.write(g.config, guardSource(`"still no"`));
        expect(g.box.cli(["install", "--config", g.config, "--platform", "claude-code", "--frozen"]).exitCode).toBe(0);
        expect(g.rm()).toEqual(denied("still no"));
        otherStillGuards(g);
      },
      generous(90_000),
    );

    test(
      "(g) explain --json carries the snapshot's state of an installed connector",
      async () => {
        const g = guarded(env);
        const fresh = JSON.parse(g.box.cli(["explain", "--config", g.config, "--platform", "claude-code", "--json"], { env }).stdout);
        expect(fresh.snapshot).toEqual({ ok: true, detail: `hook calls run the snapshot made ${g.madeAt()}` });
        g.box.write(g.config, "export default {{{\n");
        await expectKept(g, "syntax error");
        const broken = g.box.cli(["explain", "--config", g.config, "--json"], { env });
        expect(broken.exitCode).toBe(3);
        const error = JSON.parse(broken.stdout).error.message as string;
        expect(error).toContain("syntax error");
        expect(error).toContain("the installed snapshot of guard");
      },
      generous(60_000),
    );

    test(
      "(h) a managed install: every user's hook runs the machine-wide snapshot, the source moved or broken changes nothing",
      () => {
        const box = sandbox();
        boxes.push(box);
        const system = join(box.root, "system");
        box.write(join(box.project, "reason.ts"), `export const REASON = "no rm -rf";\n`);
        const config = box.write(join(box.project, "agent-connector.config.ts"), guardSource("REASON", `import { REASON } from "./reason.ts";`));
        const managed = { AGENT_CONNECTOR_MANAGED_ROOT: system, AGENT_CONNECTOR_BIN: BIN };
        const installed = box.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], { env: managed });
        expect(installed.exitCode).toBe(0);
        const settings = JSON.parse(box.read(join(system, "etc", "claude-code", "managed-settings.json")));
        const command: string = settings.hooks.PreToolUse[0].hooks[0].command;
        const lib = join(system, "usr", "local", "lib", "agent-connector");
        const snapshot = join(lib, "connectors", "guard.snapshot.js");
        expect(command).toBe(`${lib}/bin/agent-connector hook claude-code PreToolUse --connector guard --config ${snapshot}`);
        // Another user: a HOME of their own, nothing installed there.
        const otherHome = join(box.root, "other-user");
        mkdirSync(otherHome);
        const otherEnv = { PATH: box.env.PATH!, HOME: otherHome, ...(way === "daemon" ? DAEMON_ON : { AGENT_CONNECTOR_DAEMON: "0" }) };
        if (way === "daemon") {
          otherDaemons.push(otherEnv);
          expect(Bun.spawnSync([BIN, "daemon", "start"], { env: otherEnv }).exitCode).toBe(0);
        }
        const call = (): Result => {
          const proc = Bun.spawnSync(["sh", "-c", command], {
            env: otherEnv,
            stdin: Buffer.from(JSON.stringify(prePayload())),
            stdout: "pipe",
            stderr: "pipe",
          });
          return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
        };
        expect(call()).toEqual(denied("no rm -rf"));
        rmSync(join(box.project, "reason.ts"));
        expect(call()).toEqual(denied("no rm -rf"));
        box.write(config, "export default {{{\n");
        expect(call()).toEqual(denied("no rm -rf"));
        rmSync(config);
        expect(call()).toEqual(denied("no rm -rf"));
        // A valid edit is not followed either: only the next install changes it.
        box.write(join(box.project, "reason.ts"), `export const REASON = "edited";\n`);
        box.write(config, guardSource("REASON", `import { REASON } from "./reason.ts";`));
        expect(call()).toEqual(denied("no rm -rf"));
        expect(box.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], { env: managed }).exitCode).toBe(0);
        expect(call()).toEqual(denied("edited"));
        expect(box.cli(["uninstall", "--connector", "guard", "--scope", "managed"], { env: managed }).exitCode).toBe(0);
        expect(box.exists(snapshot)).toBe(false);
        // A machine folder another user could write to: refused, nothing written there.
        mkdirSync(lib, { recursive: true });
        chmodSync(lib, 0o777);
        const refused = box.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], { env: managed });
        expect(refused.exitCode).toBe(6);
        expect(refused.stderr).toContain(`${lib} can be written by every user`);
        expect(box.exists(snapshot)).toBe(false);
      },
      generous(60_000),
    );
  });
}
