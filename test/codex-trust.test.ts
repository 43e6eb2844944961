import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { writeConfig, type Sandbox } from "./support/harness.ts";
import { hookCommand, installSetup } from "./support/install.ts";
import { codexHookHash } from "../src/host-config/codex-trust.ts";

/**
 * Codex only runs hooks it trusts: install writes the trust entries Codex itself would write into
 * config.toml, keeps them right through reinstall and uninstall, and says what to add when it cannot.
 * The checks every hook-file host shares are in test/hosts-data/codex.ts.
 */

describe("codex: trust hash", () => {
  test("reproduces a hash Codex wrote (published golden, sha256:9c3ce103…ba62)", () => {
    expect(codexHookHash("post_tool_use", "*", { command: "'/Applications/GWT.app/Contents/MacOS/gwtd' hook event PostToolUse" })).toBe(
      "sha256:9c3ce103f03f0b27a28bc4a30883f7e98a80b5df566b4572fcbb2955ebf5ba62",
    );
  });

  test("the matcher is part of the identity, except on UserPromptSubmit and Stop", () => {
    const h = { command: "x", timeout: 30 };
    expect(codexHookHash("pre_tool_use", "Bash", h)).not.toBe(codexHookHash("pre_tool_use", undefined, h));
    expect(codexHookHash("stop", "Bash", h)).toBe(codexHookHash("stop", undefined, h));
    expect(codexHookHash("pre_tool_use", undefined, { command: "x" })).toBe(codexHookHash("pre_tool_use", undefined, { command: "x", timeout: 600 }));
  });

  // Hashes Codex 0.171.0's own hooks/list gave (codex app-server) for these hooks.json entries.
  test("SessionEnd and Interrupt: the timeout Codex hashes is clamped to 1-3 s (default 1)", () => {
    const interrupt = "agent-connector hook codex Interrupt --native --connector g";
    expect(codexHookHash("interrupt", undefined, { command: interrupt, timeout: 30 })).toBe(
      "sha256:daa766567d264b95bf2ed0a79d4c2262a625af9b4a5b00176868fac44cb405e1",
    );
    expect(codexHookHash("interrupt", undefined, { command: interrupt })).toBe("sha256:a21369108e4012383802a4504ccfad0d7e0a8f6bb34b6854644d60ce6748fb0d");
    const ended = "agent-connector hook codex SessionEnd --connector g";
    expect(codexHookHash("session_end", undefined, { command: ended, timeout: 30 })).toBe(
      "sha256:ad7ff8158344e66d33aaba987454cdac7527e8fb04fa655f1049aec5098015db",
    );
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`;
const codexDir = (box: Sandbox) => join(box.home, ".codex");
const hooksPath = (box: Sandbox) => join(codexDir(box), "hooks.json");
const tomlPath = (box: Sandbox) => join(codexDir(box), "config.toml");
const command = (event: string, id = "guard") => hookCommand("codex", event, id);
const setup = (files: { hooks?: string; toml?: string } = {}) => {
  const s = installSetup("codex", CONFIG);
  if (files.hooks !== undefined) s.box.write(hooksPath(s.box), files.hooks);
  if (files.toml !== undefined) s.box.write(tomlPath(s.box), files.toml);
  return s;
};

/** The trust table Codex itself would write for one of our handlers (timeout 30 s). */
const trust = (file: string, label: string, position: string, event: string, matcher?: string, id = "guard") =>
  `[hooks.state."${file}:${label}:${position}"]\nenabled = true\ntrusted_hash = "${codexHookHash(label, matcher, { command: command(event, id), timeout: 30 })}"\n`;
const ourTrust = (box: Sandbox, groups = { pre: "0:0", post: "0:0", stop: "0:0" }) =>
  [
    trust(hooksPath(box), "pre_tool_use", groups.pre, "PreToolUse", "Bash"),
    trust(hooksPath(box), "post_tool_use", groups.post, "PostToolUse", "^(?:mcp__.*)$"),
    trust(hooksPath(box), "stop", groups.stop, "Stop"),
  ].join("\n");

const USER_TOML = `# my Codex settings
model = "gpt-5-codex"   # the default

[features]
hooks = true
`;
const USER_HOOKS = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "apply_patch", "hooks": [{ "type": "command", "command": "./lint.sh" }] }
    ]
  }
}
`;
const userTrust = (box: Sandbox, position = "0:0") =>
  `[hooks.state."${hooksPath(box)}:pre_tool_use:${position}"]\nenabled = true\ntrusted_hash = "${codexHookHash("pre_tool_use", "apply_patch", { command: "./lint.sh" })}"\n`;

describe("codex: install", () => {
  test("fresh: hooks.json in the nested layout (seconds), every hook trusted in config.toml", () => {
    const { box, install } = setup();
    const result = install();
    expect(result.exitCode).toBe(0);
    const group = (event: string, matcher?: string) => ({
      ...(matcher ? { matcher } : {}),
      hooks: [{ type: "command", command: command(event), timeout: 30 }],
    });
    expect(box.read(hooksPath(box))).toBe(
      `${JSON.stringify({ hooks: { PreToolUse: [group("PreToolUse", "Bash")], PostToolUse: [group("PostToolUse", "^(?:mcp__.*)$")], Stop: [group("Stop")] } }, null, 2)}\n`,
    );
    expect(box.read(tomlPath(box))).toBe(ourTrust(box));
    expect(result.stderr).toContain(`${tomlPath(box)}: trusted 3 agent-connector hooks for Codex\n`);
    expect(result.stderr).toContain("Codex has no Notification event: this handler never runs there.");
    expect(result.stderr).toContain("If your handlers return them, some responses degrade on Codex: agent-connector explain shows which.");
  });

  test("--json reports what was trusted", () => {
    const { box, install } = setup();
    const [host] = JSON.parse(install("--json").stdout).results;
    expect(host.status).toBe("installed");
    expect(host.companions).toHaveLength(1);
    expect(host.companions[0]).toMatchObject({ file: tomlPath(box), changed: true, warnings: [] });
    expect(host.companions[0].details).toEqual({
      trusted: [
        {
          key: `${hooksPath(box)}:pre_tool_use:0:0`,
          event: "PreToolUse",
          trusted_hash: codexHookHash("pre_tool_use", "Bash", { command: command("PreToolUse"), timeout: 30 }),
        },
        {
          key: `${hooksPath(box)}:post_tool_use:0:0`,
          event: "PostToolUse",
          trusted_hash: codexHookHash("post_tool_use", "^(?:mcp__.*)$", { command: command("PostToolUse"), timeout: 30 }),
        },
        { key: `${hooksPath(box)}:stop:0:0`, event: "Stop", trusted_hash: codexHookHash("stop", undefined, { command: command("Stop"), timeout: 30 }) },
      ],
      removed: [],
    });
  });

  test("existing files: user hooks, comments and settings stay; ours are appended and trusted", () => {
    const { box, install } = setup({ hooks: USER_HOOKS });
    box.write(tomlPath(box), `${USER_TOML}\n${userTrust(box)}`);
    expect(install().exitCode).toBe(0);
    expect(box.read(hooksPath(box))).toStartWith(`{
  "hooks": {
    "PreToolUse": [
      { "matcher": "apply_patch", "hooks": [{ "type": "command", "command": "./lint.sh" }] },
      {
        "matcher": "Bash",`);
    expect(box.read(tomlPath(box))).toBe(`${USER_TOML}\n${userTrust(box)}\n${ourTrust(box, { pre: "1:0", post: "0:0", stop: "0:0" })}`);
  });

  test("reinstall: same bytes in both files", () => {
    const { box, install } = setup({ hooks: USER_HOOKS, toml: USER_TOML });
    install();
    const once = [box.read(hooksPath(box)), box.read(tomlPath(box))];
    const again = install();
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("already up to date");
    expect([box.read(hooksPath(box)), box.read(tomlPath(box))]).toEqual(once);
    expect(once[0]!.split("--connector guard").length - 1).toBe(3);
  });

  test("a trust entry the user removed is written again on reinstall", () => {
    const { box, install } = setup({ toml: USER_TOML });
    install();
    box.write(tomlPath(box), USER_TOML);
    const again = install();
    expect(again.stderr).toContain("installed");
    expect(box.read(tomlPath(box))).toBe(`${USER_TOML}\n${ourTrust(box)}`);
  });

  test("a malformed hooks.json is never overwritten: exit 4, config.toml untouched", () => {
    const broken = `{ "hooks": { "Stop": [ }`;
    const { box, install } = setup({ hooks: broken, toml: USER_TOML });
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${hooksPath(box)}: cannot be parsed`);
    expect([box.read(hooksPath(box)), box.read(tomlPath(box))]).toEqual([broken, USER_TOML]);
  });

  test("a malformed config.toml is never overwritten, and hooks.json is not written either: exit 4", () => {
    const broken = `model = "gpt-5-codex"\n[features\nhooks = true\n`;
    const { box, install } = setup({ toml: broken });
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${tomlPath(box)}: cannot be parsed as TOML (line 2); fix it or move it aside, nothing was written`);
    expect(box.read(tomlPath(box))).toBe(broken);
    expect(box.exists(hooksPath(box))).toBe(false);
  });

  test("trust it cannot write safely (hooks as an inline table): config.toml untouched, exact instructions", () => {
    const inline = `hooks = { state = {} }\n`;
    const { box, install } = setup({ toml: inline });
    const result = install("--json");
    expect(result.exitCode).toBe(0);
    const [host] = JSON.parse(result.stdout).results;
    expect(box.read(tomlPath(box))).toBe(inline);
    expect(box.exists(hooksPath(box))).toBe(true);
    expect(host.warnings).toEqual([
      "Codex has no Notification event: this handler never runs there.",
      `could not update the hook trust in ${tomlPath(box)} safely. Codex skips untrusted hooks silently. Trust them in Codex (/hooks), or add to ${tomlPath(box)}:\n${ourTrust(box)}`,
    ]);
  });

  test("hooks turned off in config.toml: warned", () => {
    const { box, install } = setup({ toml: "[features]\nhooks = false\n" });
    expect(install().stderr).toContain(
      `Codex: [features] hooks = false in ${tomlPath(box)} switches Codex hooks off: the hooks written here do not run until that setting goes (agent-connector leaves it to you).`,
    );
  });

  test("--dry-run prints both diffs and writes nothing", () => {
    const { box, install } = setup({ toml: USER_TOML });
    const result = install("--dry-run");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`+++ ${hooksPath(box)}`);
    expect(result.stdout).toContain(`+++ ${tomlPath(box)}`);
    expect(result.stdout).toContain(`+[hooks.state."${hooksPath(box)}:stop:0:0"]`);
    expect(box.exists(hooksPath(box))).toBe(false);
    expect(box.read(tomlPath(box))).toBe(USER_TOML);
  });

  test("CODEX_HOME moves both files and the trust keys", () => {
    const { box, config } = setup();
    const home = join(box.root, "codex-home");
    const env = { CODEX_HOME: home };
    expect(box.cli(["install", "--config", config, "--platform", "codex"], { env }).exitCode).toBe(0);
    expect(box.read(join(home, "config.toml"))).toContain(`[hooks.state."${join(home, "hooks.json")}:pre_tool_use:0:0"]`);
    expect(box.exists(codexDir(box))).toBe(false);
    expect(box.cli(["uninstall", "--connector", "guard", "--platform", "codex"], { env }).exitCode).toBe(0);
    expect(box.exists(join(home, "hooks.json"))).toBe(false);
    expect(box.exists(join(home, "config.toml"))).toBe(false);
  });

  test("project scope: <project>/.codex/hooks.json, trusted in the user's config.toml, project trust checked", () => {
    const { box, install } = setup({ toml: USER_TOML });
    const result = install("--scope", "project", "--project-dir", box.project);
    const projectHooks = join(box.project, ".codex", "hooks.json");
    expect(box.exists(projectHooks)).toBe(true);
    expect(box.read(tomlPath(box))).toContain(`[hooks.state."${projectHooks}:stop:0:0"]`);
    expect(result.stderr).toContain(`Codex reads ${projectHooks} only in a trusted project: trust ${box.project} when Codex asks`);

    const trusted = setup();
    trusted.box.write(tomlPath(trusted.box), `${USER_TOML}\n[projects."${trusted.box.project}"]\ntrust_level = "trusted"\n`);
    expect(trusted.install("--scope", "project", "--project-dir", trusted.box.project).stderr).not.toContain("only in a trusted project");
  });
});

describe("codex: uninstall", () => {
  test("round trip on existing files gives back both files' exact bytes", () => {
    const { box, install, uninstall } = setup({ hooks: USER_HOOKS });
    box.write(tomlPath(box), `${USER_TOML}\n${userTrust(box)}`);
    const original = box.read(tomlPath(box));
    install();
    const result = uninstall("--json");
    expect(result.exitCode).toBe(0);
    const [host] = JSON.parse(result.stdout).results;
    expect(host.companions[0].notes).toEqual([`${tomlPath(box)}: removed 3 stale trust entries`]);
    expect(host.companions[0].details.removed).toEqual([
      `${hooksPath(box)}:pre_tool_use:1:0`,
      `${hooksPath(box)}:post_tool_use:0:0`,
      `${hooksPath(box)}:stop:0:0`,
    ]);
    expect(box.read(hooksPath(box))).toBe(USER_HOOKS);
    expect(box.read(tomlPath(box))).toBe(original);
  });

  test("round trip on no files removes both files we created", () => {
    const { box, install, uninstall } = setup();
    install();
    expect(uninstall().exitCode).toBe(0);
    expect(box.exists(hooksPath(box))).toBe(false);
    expect(box.exists(tomlPath(box))).toBe(false);
  });

  test("after Codex itself edited config.toml, only our trust tables go", () => {
    const { box, install, uninstall } = setup({ toml: USER_TOML });
    install();
    box.write(tomlPath(box), `${box.read(tomlPath(box))}\n[notice]\nhide_full_access_warning = true\n`);
    uninstall();
    expect(box.read(tomlPath(box))).toBe(`${USER_TOML}\n[notice]\nhide_full_access_warning = true\n`);
  });

  test("a user hook our removal moves up keeps its trust under its new key", () => {
    const { box, install, uninstall } = setup({ hooks: `{ "hooks": {} }\n`, toml: USER_TOML });
    install();
    // The user adds a Stop hook after ours and trusts it (position 1 in the Stop groups).
    const hooks = JSON.parse(box.read(hooksPath(box)));
    hooks.hooks.Stop.push({ hooks: [{ type: "command", command: "./notify.sh", timeout: 5 }] });
    box.write(hooksPath(box), JSON.stringify(hooks, null, 2));
    const notifyHash = codexHookHash("stop", undefined, { command: "./notify.sh", timeout: 5 });
    box.write(tomlPath(box), `${box.read(tomlPath(box))}\n[hooks.state."${hooksPath(box)}:stop:1:0"]\nenabled = true\ntrusted_hash = "${notifyHash}"\n`);
    uninstall();
    expect(box.read(tomlPath(box))).toBe(`${USER_TOML}\n[hooks.state."${hooksPath(box)}:stop:0:0"]\nenabled = true\ntrusted_hash = "${notifyHash}"\n`);
  });

  test("two connectors: removing the first re-keys the trust of the second", () => {
    const { box, config, uninstall } = setup();
    box.cli(["install", "--config", config, "--platform", "codex"]);
    const other = writeConfig(box, `{ id: "other", hooks: { Stop: { handler: () => undefined } } }`, "other.config.ts");
    box.cli(["install", "--config", other, "--platform", "codex"]);
    expect(box.read(tomlPath(box))).toBe(`${ourTrust(box)}\n${trust(hooksPath(box), "stop", "1:0", "Stop", undefined, "other")}`);
    uninstall();
    expect(box.read(tomlPath(box))).toBe(trust(hooksPath(box), "stop", "0:0", "Stop", undefined, "other"));
    box.cli(["uninstall", "--connector", "other"]);
    expect(box.exists(tomlPath(box))).toBe(false);
    expect(box.exists(hooksPath(box))).toBe(false);
  });

  test("--dry-run shows both removals and writes nothing", () => {
    const { box, install, uninstall } = setup({ toml: USER_TOML });
    install();
    const installed = [box.read(hooksPath(box)), box.read(tomlPath(box))];
    const result = uninstall("--dry-run");
    expect(result.stdout).toContain(`-            "command": "${command("Stop")}",`);
    expect(result.stdout).toContain(`-[hooks.state."${hooksPath(box)}:stop:0:0"]`);
    expect([box.read(hooksPath(box)), box.read(tomlPath(box))]).toEqual(installed);
  });
});
