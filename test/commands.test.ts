import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, REPO, sandbox, stdoutJson, writeConfig } from "./support/harness.ts";
import { findAdapter } from "../adapters/index.ts";
import { allToolNames } from "../src/tools/vocabulary.ts";
import { generous } from "./support/budget.ts";

setDefaultTimeout(60_000);

/** status, doctor, init, simulate, logs, and the rough edges of issue 13, on the compiled binary. */

const GUARD = `{ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no" }) }, Stop: { handler: () => undefined } } }`;

function installed(platform = "claude-code") {
  const box = sandbox();
  const config = writeConfig(box, GUARD);
  const result = box.cli(["install", "--config", config, "--platform", platform]);
  expect(result.exitCode).toBe(0);
  return { box, config };
}

describe("status", () => {
  test("MCP servers and a hooks folder of launchers are checked as what they are", () => {
    const box = sandbox();
    writeConfig(
      box,
      `{ id: "both", mcpServers: { rec: { command: "node", args: ["s.mjs"] } }, hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no" }) } } }`,
    );
    expect(box.cli(["install", "--platform", "claude-code,cline"]).exitCode).toBe(0);
    const status = box.cli(["status"]);
    expect(status.stdout).toBe(
      [
        "connector  host         scope  file                                            state",
        "both       claude-code  user   ~/.claude/settings.json                         ok",
        "both       cline        user   ~/.cline/hooks                                  ok",
        "both       claude-code  user   ~/.claude.json                                  ok",
        "both       cline        user   ~/.cline/data/settings/cline_mcp_settings.json  ok",
        "",
      ].join("\n"),
    );
    expect(status.exitCode).toBe(0);
    box.write(join(box.home, ".claude.json"), "{}\n");
    expect(box.cli(["status"]).stdout).toContain("both       claude-code  user   ~/.claude.json                                  drift");
  });

  test("every install ok; a hand-edited host file is drift, shown as the command that fixes it (exit 5)", () => {
    const { box, config } = installed();
    expect(box.cli(["status"]).stdout).toBe(
      ["connector  host         scope  file                     state", "guard      claude-code  user   ~/.claude/settings.json  ok", ""].join("\n"),
    );
    box.write(join(box.home, ".claude", "settings.json"), "{}\n");
    const drift = box.cli(["status"]);
    expect(drift.exitCode).toBe(5);
    expect(drift.stdout).toBe(
      [
        "connector  host         scope  file                     state",
        "guard      claude-code  user   ~/.claude/settings.json  drift",
        "",
        "guard on Claude Code (user):",
        "  host-file: ~/.claude/settings.json differs from what install writes (edited by hand, or the config changed since)",
        `  fix: agent-connector install --config ${config} --platform claude-code --scope user`,
        "",
      ].join("\n"),
    );
    // `list` is the same command.
    expect(box.cli(["list"]).stdout).toBe(drift.stdout);
  });

  test("a moved config and a deleted binary are named", () => {
    const { box, config } = installed();
    box.write(config.replace("agent-connector.config.ts", "elsewhere.ts"), readFileSync(config, "utf8"));
    Bun.spawnSync(["rm", config]);
    const registry = join(box.env.AGENT_CONNECTOR_HOME!, "registry.json");
    writeFileSync(registry, readFileSync(registry, "utf8").replaceAll(JSON.stringify(BIN), JSON.stringify("/gone/agent-connector")));
    const result = stdoutJson(box.cli(["status", "--json"])) as {
      ok: boolean;
      installs: { checks: { name: string; ok: boolean; detail: string; kept?: true }[]; fix: string }[];
    };
    expect(result.ok).toBe(false);
    expect(result.installs[0]!.checks).toEqual([
      { name: "config", ok: false, detail: `${config}: file not found` },
      {
        name: "snapshot",
        ok: false,
        kept: true,
        detail: expect.stringMatching(/^hook calls answer from the snapshot made \S+: .+ cannot be used: .+: file not found$/),
      },
      { name: "binary", ok: false, detail: "/gone/agent-connector, written in the host file, does not exist" },
      { name: "host-file", ok: false, detail: "not checked: the config does not load" },
    ]);
    expect(result.installs[0]!.fix).toBe(`fix ${config}, then agent-connector install --config ${config} --platform claude-code --scope user`);
  });
});

describe("doctor", () => {
  test("fires a sample event through each installed command, names an invalid entry's line, --fix re-installs", () => {
    const { box } = installed();
    const ok = box.cli(["doctor", "--json"]);
    expect(ok.exitCode).toBe(0);
    const probes = (stdoutJson(ok) as { installs: { probes: { event: string; ok: boolean; detail: string }[] }[] }).installs[0]!.probes;
    expect(probes.map(({ event, ok, detail }) => ({ event, ok, detail }))).toEqual([
      {
        event: "PreToolUse",
        ok: true,
        detail: `replied {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`,
      },
      { event: "Stop", ok: true, detail: "no opinion (empty reply)" },
    ]);

    const settings = join(box.home, ".claude", "settings.json");
    const parsed = JSON.parse(readFileSync(settings, "utf8"));
    parsed.hooks.Stop.push({ matcher: { tools: ["Bash"] }, hooks: [{ type: "command", command: "true" }] });
    writeFileSync(settings, `${JSON.stringify(parsed, null, 2)}\n`);
    const bad = box.cli(["doctor"]);
    expect(bad.exitCode).toBe(5);
    const line =
      readFileSync(settings, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('"matcher": {')) + 1;
    expect(bad.stdout).toContain(
      `  FAIL  ~/.claude/settings.json:${line}: hooks.Stop.1.matcher must be a string, not an object (Claude Code skips this whole file: none of its hooks run)\n`,
    );

    box.write(settings, "{}\n");
    const fixed = box.cli(["doctor", "--fix"]);
    expect(fixed.stdout).toStartWith(
      `fixed: agent-connector install --config ${join(box.project, "agent-connector.config.ts")} --platform claude-code --scope user\n`,
    );
    expect(fixed.exitCode).toBe(0);
    expect(box.cli(["status"]).exitCode).toBe(0);
  });

  test("a broken config fails open in the host: doctor shows it", () => {
    const { box, config } = installed();
    writeFileSync(
      config,
      `import { defineConnector } from "agent-connector";\nexport default defineConnector({ id: "guard", hooks: { PreToolUse: { handler: () => { throw new Error("boom"); } } } });\n`,
    );
    const result = stdoutJson(box.cli(["doctor", "--json"])) as { ok: boolean; installs: { probes: { event: string; ok: boolean; detail: string }[] }[] };
    expect(result.ok).toBe(false);
    expect(result.installs[0]!.probes[0]!.ok).toBe(false);
    expect(result.installs[0]!.probes[0]!.detail).toStartWith("failed open: claude-code PreToolUse (guard): handler threw: boom; allowed (fail-open)");
  });

  test("Codex with PostToolUse is probed; a host whose check throws fails alone, the others are still reported", () => {
    const box = sandbox();
    // PostToolUse as init's template has it: Codex's sample once threw building its payload (issue 34).
    const config = writeConfig(
      box,
      `{ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no" }) }, PostToolUse: { handler: () => undefined } } }`,
    );
    expect(box.cli(["install", "--config", config, "--platform", "claude-code,codex"]).exitCode).toBe(0);
    const ok = box.cli(["doctor", "--json"]);
    expect(ok.stderr).toBe("");
    expect(ok.exitCode).toBe(0);
    const installs = (stdoutJson(ok) as { installs: { platform: string; probes: { event: string; ok: boolean }[] }[] }).installs;
    expect(installs.map((i) => [i.platform, i.probes.map((p) => `${p.event} ${p.ok}`)])).toEqual([
      ["claude-code", ["PreToolUse true", "PostToolUse true"]],
      ["codex", ["PreToolUse true", "PostToolUse true"]],
    ]);

    // A folder where Claude Code's settings file should be: reading it throws.
    const settings = join(box.home, ".claude", "settings.json");
    rmSync(settings);
    mkdirSync(settings);
    const broken = box.cli(["doctor"]);
    expect(broken.stderr).toBe("");
    expect(broken.exitCode).toBe(5);
    expect(broken.stdout).toStartWith(
      `guard on Claude Code (user) ~/.claude/settings.json\n  FAIL  host-file: could not be checked: ${settings}: is a folder, not a file; move it aside, nothing was written\nguard on Codex (user) ~/.codex/hooks.json\n`,
    );
    expect(broken.stdout).toContain(`  ok    PostToolUse: no opinion (empty reply) (`);
    expect(box.cli(["status"]).exitCode).toBe(5);
  });

  test("a matcher that names none of a host's tools is warned about at install and in doctor", () => {
    const { box } = installed("copilot-cli");
    // The tool list is the adapter's vocabulary (every kind, then the others), as the host names them.
    const tools = allToolNames(findAdapter("copilot-cli")!.tools).join(", ");
    expect(tools).toStartWith("bash, powershell, write_bash, write_powershell, view, create, edit");
    const warning = `GitHub Copilot CLI PreToolUse: the matcher "Bash" reaches none of GitHub Copilot CLI's tools, so this handler never runs there. Its tools: ${tools}.`;
    expect(box.cli(["doctor"]).stdout).toContain(`  warn  ${warning}\n`);
    const again = box.cli(["install", "--platform", "copilot-cli"]);
    expect(again.stderr).toContain(`[warn] ${warning}\n`);
  });
});

describe("simulate", () => {
  test("built-in sample: normalized event, response, reply and exit code", () => {
    const box = sandbox();
    writeConfig(box, GUARD);
    const result = stdoutJson(box.cli(["simulate", "claude-code", "PreToolUse", "--json"])) as Record<string, unknown>;
    expect(result.payload).toEqual({
      session_id: "sample-session",
      cwd: box.project,
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "sample-tool-use",
    });
    expect(result.returned).toEqual({ decision: "deny", reason: "no" });
    expect(result.reply).toEqual({
      exitCode: 0,
      stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}\n`,
    });
    const copilot = box.cli(["simulate", "copilot-cli", "PreToolUse"]);
    expect(copilot.stdout).toContain(`the matcher "Bash" does not match toolName "bash": the handler is not called\n`);
  });

  test("a decision that is not one (Claude's block) is a problem: named with what was meant, exit 5; doctor fails on it too", () => {
    const box = sandbox();
    const config = writeConfig(box, `{ id: "habit", hooks: { PreToolUse: { handler: () => ({ decision: "block", reason: "no" }) } } }`);
    const text = box.cli(["simulate", "claude-code", "PreToolUse"]);
    expect(text.stdout).toContain(
      `problem: handler returned an invalid response: decision: "block" is not a decision; did you mean "deny"? (decisions: "allow", "deny", "modify", "context", "ask")\n`,
    );
    // What the host gets: nothing, the hook fails open.
    expect(text.stdout).toEndWith("Claude Code gets: exit 0\nstdout: (empty)\n");
    expect(text.exitCode).toBe(5);
    const json = box.cli(["simulate", "claude-code", "PreToolUse", "--json"]);
    expect((stdoutJson(json) as { problem: string }).problem).toContain(`"block" is not a decision; did you mean "deny"?`);
    expect(json.exitCode).toBe(5);

    expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
    const doctor = box.cli(["doctor"]);
    expect(doctor.stdout).toContain(
      `  FAIL  PreToolUse: failed open: claude-code PreToolUse (habit): handler returned an invalid response: decision: "block" is not a decision; did you mean "deny"?`,
    );
    expect(doctor.exitCode).toBe(5);
  });

  test("--payload - reads the host's payload from stdin; degradations are listed", () => {
    const box = sandbox();
    writeConfig(box, `{ id: "ctx", hooks: { Stop: { handler: () => ({ decision: "context", additionalContext: "x" }) } } }`);
    const result = box.cli(["simulate", "cursor", "Stop", "--payload", "-"], { stdin: JSON.stringify({ conversation_id: "c", loop_count: 0 }) });
    expect(result.stdout).toContain("degradations on Cursor:\n  Stop: context → dropped (the host has no context channel here)\n");
    expect(result.stdout).toEndWith("Cursor gets: exit 0\nstdout: (empty)\n");
  });
});

describe("logs", () => {
  test("--hook-log: AGENT_CONNECTOR_DEBUG=1 writes a trace per call; failures show their error; the ledger has the deny and the failure", () => {
    const { box } = installed();
    const payload = { session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "ls" } };
    box.hook("claude-code", "PreToolUse", payload, { connector: "guard", env: { AGENT_CONNECTOR_DEBUG: "1" } });
    box.hook("claude-code", "PreToolUse", payload, { connector: "guard" }); // no trace without the flag
    box.hook("claude-code", "PreToolUse", payload, { connector: "missing" });
    const { entries } = stdoutJson(box.cli(["logs", "--hook-log", "--json"])) as { entries: { time: string; latencyMs?: number; [key: string]: unknown }[] };
    expect(entries.map(({ time: _t, latencyMs, ...e }) => ({ ...e, timed: typeof latencyMs === "number" || undefined }) as Record<string, unknown>)).toEqual([
      { host: "claude-code", event: "PreToolUse", connector: "guard", decision: "deny", exitCode: 0, timed: true },
      {
        host: "claude-code",
        event: "PreToolUse",
        connector: "missing",
        decision: "fail-open",
        message: `connector "missing" is not installed (no registry entry)`,
        timed: undefined,
      },
    ]);
    expect(box.cli(["logs", "--hook-log", "--connector", "missing"]).stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}claude-code {2}PreToolUse {2}missing {2}fail-open {2}connector "missing" is not installed \(no registry entry\)\n$/,
    );
    // The ledger: both denies (traced or not) and the failure, each its own kind.
    const ledger = box
      .cli(["logs"])
      .stdout.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/gm, "<time>")
      .replace(/ [\d.]+ ms /g, " <n> ms ");
    expect(ledger).toBe(
      [
        "<time>  claude-code  PreToolUse  guard  deny  <n> ms  Bash: ls  claude-code: deny  no",
        "<time>  claude-code  PreToolUse  guard  deny  <n> ms  Bash: ls  claude-code: deny  no",
        '<time>  claude-code  PreToolUse  missing  fail-open (config)  <n> ms  claude-code: no opinion  connector "missing" is not installed (no registry entry)',
        "",
      ].join("\n"),
    );
  });
});

describe("logs --follow", () => {
  test("prints entries as hooks write them", async () => {
    const { box } = installed();
    const follow = Bun.spawn([BIN, "logs", "--follow"], { cwd: box.project, env: box.env, stdout: "pipe", stderr: "pipe" });
    try {
      const reader = follow.stdout.getReader();
      await Bun.sleep(500);
      box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }, { connector: "missing" });
      let text = "";
      const deadline = Date.now() + 10_000;
      while (!text.includes("\n") && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => undefined)]);
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      expect(text).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}claude-code {2}PreToolUse {2}missing {2}fail-open \(config\) {2}[\d.]+ ms {2}claude-code: no opinion {2}connector "missing" is not installed \(no registry entry\)\n$/,
      );
    } finally {
      follow.kill();
    }
  });
});

describe("init", () => {
  test(
    "a commented config that tsc checks with nothing installed, and that install takes",
    () => {
      const box = sandbox();
      const init = box.cli(["init", "--id", "house-rules"]);
      expect(init.exitCode).toBe(0);
      const tsc = (dir: string) => Bun.spawnSync([process.execPath, join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { stdout: "pipe" });
      expect(tsc(box.project).exitCode).toBe(0);
      const config = join(box.project, "agent-connector.config.ts");
      // The types are real: a wrong decision fails the check.
      writeFileSync(config, readFileSync(config, "utf8").replace(`{ decision: "allow" }`, `{ decision: "permit" }`));
      expect(tsc(box.project).stdout.toString()).toContain(`Type '"permit"' is not assignable`);
      expect(box.cli(["init"]).exitCode).toBe(2);
      expect(box.cli(["init", "--force", "--id", "house-rules"]).exitCode).toBe(0);
      expect(box.cli(["install", "--platform", "claude-code"]).exitCode).toBe(0);
    },
    generous(60_000),
  );
});

describe("install: how to check a config's types", () => {
  const hint = (name: string) => `[info] install checks ${name}'s shape, not its types: `;

  test(
    "with init's types: the tsc command it prints catches a decision that is not one",
    () => {
      const box = sandbox();
      expect(box.cli(["init", "--id", "habit"]).exitCode).toBe(0);
      const config = join(box.project, "agent-connector.config.ts");
      writeFileSync(config, readFileSync(config, "utf8").replace(`{ decision: "allow" }`, `{ decision: "block" }`));
      const install = box.cli(["install", "--platform", "claude-code"]);
      expect(install.exitCode).toBe(0);
      const command = `npx tsc --noEmit -p ${box.project}`;
      expect(install.stderr).toContain(
        `${hint("agent-connector.config.ts")}${command} checks them against the types agent-connector init wrote (.agent-connector/types/agent-connector.ts).\n`,
      );
      // The command as printed, with the repository's tsc for npx's.
      const tsc = Bun.spawnSync([process.execPath, join(REPO, "node_modules", "typescript", "bin", "tsc"), ...command.split(" ").slice(2)], { stdout: "pipe" });
      expect(tsc.stdout.toString()).toContain(`Type '"block"' is not assignable`);
      expect(tsc.exitCode).not.toBe(0);
    },
    generous(60_000),
  );

  test("without them it says where they come from; JavaScript needs // @ts-check; JSON needs nothing", () => {
    const box = sandbox();
    writeConfig(box, GUARD);
    const ts = box.cli(["install", "--platform", "claude-code"]);
    expect(ts.stderr).toContain(
      `${hint("agent-connector.config.ts")}npx tsc --noEmit -p ${box.project} checks them against the types agent-connector init writes beside a new config (.agent-connector/types/agent-connector.ts, with a tsconfig.json paths entry to them).\n`,
    );

    const js = box.write("js/agent-connector.config.mjs", `export default ${GUARD};\n`);
    const jsInstall = box.cli(["install", "--config", js, "--platform", "claude-code", "--replace"]);
    expect(jsInstall.stderr).toContain(
      `${hint("agent-connector.config.mjs")}with // @ts-check at its top, allowJs in tsconfig.json, agent-connector.config.mjs listed in tsconfig.json's include, npx tsc --noEmit -p ${join(box.root, "js")} checks them`,
    );

    const json = box.write(
      "json/agent-connector.config.json",
      JSON.stringify({ id: "fixed", hooks: { PreToolUse: { response: { decision: "deny", reason: "no" } } } }),
    );
    const jsonInstall = box.cli(["install", "--config", json, "--platform", "claude-code"]);
    expect(jsonInstall.exitCode).toBe(0);
    expect(jsonInstall.stderr).not.toContain("not its types");
  });
});

describe("rough edges", () => {
  test("1: the same connector id from a second project is refused unless --replace, naming both configs", () => {
    const { box, config } = installed();
    const other = box.write("other/agent-connector.config.ts", readFileSync(config, "utf8"));
    const refused = box.cli(["install", "--config", other, "--platform", "claude-code"]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `[error] connector id "guard" is already installed from ${config}; installing ${other} would make its hooks run this config instead. Give this connector another id, or pass --replace to take it over.\n`,
    );
    expect(box.cli(["install", "--config", other, "--platform", "claude-code", "--replace"]).exitCode).toBe(0);
  });

  test("2: a TypeScript syntax error shows file:line:col and the source line", () => {
    const box = sandbox();
    const config = box.write(
      "project/agent-connector.config.ts",
      `export default {\n  id: "x",\n  hooks: { Stop: { handler: () => ({ decision: "deny" reason: "x" }) } },\n};\n`,
    );
    const result = box.cli(["install", "--platform", "claude-code"]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toStartWith(
      `[error] ${config}: cannot be loaded: 3 syntax errors:\n${config}:3:55: Expected "}" but found "reason"\n  3 |   hooks: { Stop: { handler: () => ({ decision: "deny" reason: "x" }) } },\n    | ${" ".repeat(54)}^\n`,
    );
  });

  test("3: unknown commands exit 2 with did you mean", () => {
    const box = sandbox();
    expect(box.cli(["instal"])).toEqual({
      stdout: "",
      stderr: `agent-connector: unknown command "instal"; did you mean "agent-connector install"? See agent-connector --help.\n`,
      exitCode: 2,
    });
    expect(box.cli(["version"]).stderr).toBe(
      `agent-connector: unknown command "version"; did you mean "agent-connector --version"? See agent-connector --help.\n`,
    );
    expect(box.cli(["install", "--dryrun"]).stderr).toBe("[error] unknown option --dryrun (did you mean --dry-run?); see agent-connector install --help\n");
  });

  test("4, 11: a fixed response warns only about what it produces; handlers get one line", () => {
    const box = sandbox();
    const json = box.write(
      "project/agent-connector.config.json",
      JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Shell", response: { decision: "deny", reason: "no shell" } } } }),
    );
    const fixed = box.cli(["install", "--config", json, "--platform", "cursor", "--dry-run"]);
    // The tests run dist/agent-connector, which install rightly calls transient, on a machine without Cursor: not what this checks.
    const notTransient = (l: string) =>
      l.startsWith("[") && !l.includes("hook commands will break when it is moved or deleted") && !l.includes("Cursor was not found on this machine");
    expect(fixed.stderr.split("\n").filter(notTransient)).toEqual([]);
    const handler = box.cli(["install", "--config", join(REPO, "examples", "guard", "agent-connector.config.ts"), "--platform", "cursor", "--dry-run"]);
    const notes = handler.stderr.split("\n").filter(notTransient);
    // The example names kinds (@shell|@write|@edit): they reach Cursor's Shell and Write, no warning.
    expect(notes).toEqual([
      "[info] If your handlers return them, some responses degrade on Cursor: agent-connector explain shows which.",
      `[info] install checks agent-connector.config.ts's shape, not its types: npx tsc --noEmit -p ${join(REPO, "examples", "guard")} checks them against the types agent-connector init writes beside a new config (.agent-connector/types/agent-connector.ts, with a tsconfig.json paths entry to them).`,
    ]);
    const hooks = JSON.parse(
      box.cli(["install", "--config", join(REPO, "examples", "guard", "agent-connector.config.ts"), "--platform", "cursor"]).exitCode === 0
        ? box.read(join(box.home, ".cursor", "hooks.json"))
        : "{}",
    );
    expect(hooks.hooks.preToolUse[0].matcher).toBe("Shell|Write|Delete");
  });

  test("6: dry-run says what would happen", () => {
    const { box, config } = { ...installed("claude-code") };
    const result = box.cli(["install", "--config", config, "--platform", "codex", "--dry-run"]);
    expect(result.stderr).toContain(`[info] ${join(box.home, ".codex", "config.toml")}: would trust 2 agent-connector hooks for Codex\n`);
  });

  test("7: --help has no colour and no trailing blanks in a pipe", () => {
    const help = sandbox().cli(["install", "--help"], { env: { FORCE_COLOR: "1" } }).stdout;
    expect(help).not.toContain("\x1b[");
    expect(help.split("\n").filter((line) => line !== line.trimEnd())).toEqual([]);
    expect(help).toContain("--replace");
  });

  test("8: uninstall removes the folders install created; an empty folder is no host", () => {
    const { box } = installed();
    expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
    expect(existsSync(join(box.home, ".claude"))).toBe(false);
    // A folder that was there before install stays, empty or not.
    Bun.spawnSync(["mkdir", "-p", join(box.home, ".gemini")]);
    expect(box.cli(["install", "--platform", "gemini-cli"]).exitCode).toBe(0);
    expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
    expect(existsSync(join(box.home, ".gemini"))).toBe(true);
    writeConfig(box, GUARD);
    const bare = box.cli(["install", "--dry-run"], { env: { PATH: "/nonexistent" } });
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toStartWith("[error] no supported host detected on this machine");
  });

  test("9: a connector with nothing to install is refused", () => {
    const box = sandbox();
    const config = writeConfig(box, `{ id: "empty", hooks: {} }`);
    const result = box.cli(["install", "--platform", "claude-code"]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe(
      `[error] ${config}: nothing to install: the connector declares no hooks and no MCP servers. Add one under hooks (e.g. PreToolUse: { handler: … }); agent-connector init writes an example.\n`,
    );
    expect(existsSync(join(box.home, ".claude"))).toBe(false);
  });

  test("10: two config files in one folder are refused, naming both", () => {
    const box = sandbox();
    const ts = writeConfig(box, GUARD);
    const js = writeConfig(box, GUARD, "agent-connector.config.js");
    const result = box.cli(["install", "--platform", "claude-code"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`[error] 2 connector configs in ${box.project}: ${ts}, ${js}; keep one, or pick one with --config <path>\n`);
  });
});
