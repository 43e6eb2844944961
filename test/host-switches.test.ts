/**
 * A host's own switch over its hooks (Claude Code's `disableAllHooks`, a managed
 * `allowManagedHooksOnly`, Codex's `[features] hooks = false`, Gemini CLI's `hooksConfig.enabled`):
 * the install is current and runs nowhere, so `status` and `doctor` call it inactive (exit 5) and
 * name the setting and the file. AGENT_CONNECTOR_MANAGED_ROOT stands for / (no system file written).
 * Also: doctor fires its sample events through a hooks folder's launchers (Cline, Mux).
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { sandbox, stdoutJson, type Sandbox } from "./support/harness.ts";
import { DAEMON_ON, daemonReady } from "./reliability/support.ts";
import { generous } from "./support/budget.ts";

setDefaultTimeout(60_000);

const daemonBoxes: Sandbox[] = [];
afterAll(() => {
  for (const box of daemonBoxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

const guard = (id: string) => JSON.stringify({ id, hooks: { PreToolUse: { response: { decision: "deny", reason: "no" } } } });

/** Two connectors installed into the same host file, each from its own config. */
function twoConnectors(platform: string, env: Record<string, string> = {}) {
  const box = sandbox();
  const configs = ["guard", "audit"].map((id) => box.write(join(box.project, id, "agent-connector.config.json"), guard(id)));
  for (const config of configs) expect(box.cli(["install", "--config", config, "--platform", platform], { env }).exitCode).toBe(0);
  return { box, configs };
}

/** The JSON settings file with `changes` merged in (the file install wrote keeps its hooks). */
function setJson(box: Sandbox, file: string, changes: Record<string, unknown>) {
  const before = box.exists(file) ? JSON.parse(box.read(file)) : {};
  box.write(file, `${JSON.stringify({ ...before, ...changes }, null, 2)}\n`);
}

const CLAUDE_OFF = "switches off every hook outside the managed settings";

describe("Claude Code: disableAllHooks", () => {
  test("in the user's settings: both connectors sharing the file are inactive in status and doctor (exit 5), setting and file named", () => {
    const { box } = twoConnectors("claude-code");
    const settings = join(box.home, ".claude", "settings.json");
    expect(box.cli(["status"]).exitCode).toBe(0);
    setJson(box, settings, { disableAllHooks: true });

    const status = box.cli(["status"]);
    expect(status.exitCode).toBe(5);
    const reason = `"disableAllHooks": true in ${settings} ${CLAUDE_OFF}`;
    expect(status.stdout).toBe(
      [
        "connector  host         scope  file                     state",
        "guard      claude-code  user   ~/.claude/settings.json  inactive",
        "audit      claude-code  user   ~/.claude/settings.json  inactive",
        "",
        "guard on Claude Code (user):",
        `  host-switch: inactive — ${reason}`,
        `  fix: fix ${settings} (remove "disableAllHooks": true)`,
        "",
        "audit on Claude Code (user):",
        `  host-switch: inactive — ${reason}`,
        `  fix: fix ${settings} (remove "disableAllHooks": true)`,
        "",
      ].join("\n"),
    );
    const json = stdoutJson(box.cli(["status", "--json"])) as { ok: boolean; installs: { connector: string; inactive?: unknown[] }[] };
    expect(json.ok).toBe(false);
    expect(json.installs.map((i) => [i.connector, i.inactive])).toEqual(
      ["guard", "audit"].map((id) => [
        id,
        [{ setting: '"disableAllHooks": true', file: settings, effect: "off", message: reason, source: "https://code.claude.com/docs/en/hooks" }],
      ]),
    );

    const doctor = box.cli(["doctor"]);
    expect(doctor.exitCode).toBe(5);
    expect(doctor.stdout.split("\n").filter((line) => line.includes("disableAllHooks"))).toEqual([
      `  FAIL  host-switch: inactive — ${reason}`,
      `  fix: fix ${settings} (remove "disableAllHooks": true)`,
      `  FAIL  host-switch: inactive — ${reason}`,
      `  fix: fix ${settings} (remove "disableAllHooks": true)`,
    ]);
    // doctor --fix re-installs drift only: the setting is the user's to change.
    expect(box.cli(["doctor", "--fix"]).stdout).not.toContain("fixed:");
    expect(JSON.parse(box.read(settings)).disableAllHooks).toBe(true);

    setJson(box, settings, { disableAllHooks: false });
    expect(box.cli(["status"]).exitCode).toBe(0);
    expect(box.cli(["doctor"]).exitCode).toBe(0);
  });

  test("install warns when the setting is already there", () => {
    const box = sandbox();
    const settings = join(box.home, ".claude", "settings.json");
    setJson(box, settings, { disableAllHooks: true });
    const config = box.write(join(box.project, "agent-connector.config.json"), guard("guard"));
    const result = box.cli(["install", "--config", config, "--platform", "claude-code"]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      `Claude Code: "disableAllHooks": true in ${settings} ${CLAUDE_OFF}: the hooks written here do not run until that setting goes (agent-connector leaves it to you).`,
    );
  });

  test("a project install: the project's local settings win over the user's", () => {
    const box = sandbox();
    const config = box.write(join(box.project, "agent-connector.config.json"), guard("guard"));
    expect(box.cli(["install", "--config", config, "--platform", "claude-code", "--scope", "project"]).exitCode).toBe(0);
    setJson(box, join(box.home, ".claude", "settings.json"), { disableAllHooks: true });
    const local = join(box.project, ".claude", "settings.local.json");
    setJson(box, local, { disableAllHooks: false });
    expect(box.cli(["status"]).exitCode).toBe(0);
    setJson(box, local, { disableAllHooks: true });
    const status = box.cli(["status"]);
    expect(status.exitCode).toBe(5);
    expect(status.stdout).toContain(`  host-switch: inactive — "disableAllHooks": true in ${local} ${CLAUDE_OFF}\n`);
  });
});

describe("Claude Code: managed settings", () => {
  test("allowManagedHooksOnly shadows a user install; a managed disableAllHooks is not undone by the user's false", () => {
    const box = sandbox();
    const env = { AGENT_CONNECTOR_MANAGED_ROOT: join(box.root, "system") };
    const configs = ["guard", "audit"].map((id) => box.write(join(box.project, id, "agent-connector.config.json"), guard(id)));
    for (const config of configs) expect(box.cli(["install", "--config", config, "--platform", "claude-code"], { env }).exitCode).toBe(0);
    const managed = join(box.root, "system", "etc", "claude-code", "managed-settings.json");
    setJson(box, managed, { allowManagedHooksOnly: true });

    const status = box.cli(["status"], { env });
    expect(status.exitCode).toBe(5);
    expect(status.stdout.split("\n").filter((line) => line.includes("inactive"))).toEqual([
      "guard      claude-code  user   ~/.claude/settings.json  inactive",
      "audit      claude-code  user   ~/.claude/settings.json  inactive",
      `  host-switch: inactive — "allowManagedHooksOnly": true in ${managed} lets only managed hooks run: user and project hooks are skipped`,
      `  host-switch: inactive — "allowManagedHooksOnly": true in ${managed} lets only managed hooks run: user and project hooks are skipped`,
    ]);
    expect(box.cli(["doctor"], { env }).stdout).toContain(
      `  FAIL  host-switch: inactive — "allowManagedHooksOnly": true in ${managed} lets only managed hooks run: user and project hooks are skipped\n`,
    );

    box.write(managed, `${JSON.stringify({ disableAllHooks: true })}\n`);
    setJson(box, join(box.home, ".claude", "settings.json"), { disableAllHooks: false });
    const off = box.cli(["status", "--platform", "claude-code"], { env });
    expect(off.exitCode).toBe(5);
    expect(off.stdout).toContain(`  host-switch: inactive — "disableAllHooks": true in ${managed} switches off every hook, managed ones too\n`);
    // Without the managed root the same machine has no such policy.
    expect(box.cli(["status"]).exitCode).toBe(0);
  });
});

describe("Codex", () => {
  for (const key of ["hooks", "codex_hooks"]) {
    test(`[features] ${key} = false in config.toml: inactive in status and doctor (exit 5); true: ok`, () => {
      const { box } = twoConnectors("codex");
      const toml = join(box.home, ".codex", "config.toml");
      const trust = box.read(toml);
      box.write(toml, `${trust}\n[features]\n${key} = false\n`);
      const reason = `[features] ${key} = false in ${toml} switches Codex hooks off`;

      const status = box.cli(["status"]);
      expect(status.exitCode).toBe(5);
      expect(status.stdout.split("\n").filter((line) => line.includes("inactive"))).toEqual([
        "guard      codex  user   ~/.codex/hooks.json  inactive",
        "audit      codex  user   ~/.codex/hooks.json  inactive",
        `  host-switch: inactive — ${reason}`,
        `  host-switch: inactive — ${reason}`,
      ]);
      const doctor = box.cli(["doctor"]);
      expect(doctor.exitCode).toBe(5);
      expect(doctor.stdout.split("\n").filter((line) => line.includes("host-switch"))).toEqual([
        `  FAIL  host-switch: inactive — ${reason}`,
        `  FAIL  host-switch: inactive — ${reason}`,
      ]);

      box.write(toml, `${trust}\n[features]\n${key} = true\n`);
      expect(box.cli(["status"]).exitCode).toBe(0);
      expect(box.cli(["doctor"]).exitCode).toBe(0);
    });
  }

  test("requirements.toml's allow_managed_hooks_only shadows a user install", () => {
    const { box } = twoConnectors("codex");
    const env = { AGENT_CONNECTOR_MANAGED_ROOT: join(box.root, "system") };
    const requirements = join(box.root, "system", "etc", "codex", "requirements.toml");
    box.write(requirements, "allow_managed_hooks_only = true\n");
    const status = box.cli(["status"], { env });
    expect(status.exitCode).toBe(5);
    expect(status.stdout).toContain(
      `  host-switch: inactive — allow_managed_hooks_only = true in ${requirements} lets only managed hooks run: user and project hooks are skipped\n`,
    );
  });

  test("the trust of our hooks gone from config.toml: status names that file", () => {
    const { box, configs } = twoConnectors("codex");
    box.write(join(box.home, ".codex", "config.toml"), "");
    const status = box.cli(["status", "--connector", "guard"]);
    expect(status.exitCode).toBe(5);
    expect(status.stdout).toContain(
      `  host-file: ~/.codex/config.toml differs from what install writes (edited by hand, or the config changed since): would trust 2 agent-connector hooks for Codex\n  fix: agent-connector install --config ${configs[0]} --platform codex --scope user\n`,
    );
  });
});

describe("Gemini CLI: hooksConfig.enabled", () => {
  test("false in the user's settings: inactive; the system settings file, which wins, turns it back on", () => {
    const { box } = twoConnectors("gemini-cli");
    const settings = join(box.home, ".gemini", "settings.json");
    setJson(box, settings, { hooksConfig: { enabled: false } });
    const status = box.cli(["status"]);
    expect(status.exitCode).toBe(5);
    expect(status.stdout).toContain(`  host-switch: inactive — "hooksConfig": { "enabled": false } in ${settings} switches Gemini CLI hooks off\n`);
    const system = box.write(join(box.root, "gemini-system.json"), `${JSON.stringify({ hooksConfig: { enabled: true } })}\n`);
    expect(box.cli(["status"], { env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: system } }).exitCode).toBe(0);
  });
});

describe("Gemini CLI: hooksConfig.disabled", () => {
  test("a hook of ours listed by name (as /hooks disable writes it): that connector is inactive, the other is not", () => {
    const { box } = twoConnectors("gemini-cli");
    const settings = join(box.home, ".gemini", "settings.json");
    setJson(box, settings, { hooksConfig: { disabled: ["agent-connector-guard-BeforeTool", "someone-else"] } });
    const status = box.cli(["status"]);
    expect(status.exitCode).toBe(5);
    expect(status.stdout.split("\n").filter((line) => line.includes("inactive") || line.includes(" ok"))).toEqual([
      "guard      gemini-cli  user   ~/.gemini/settings.json  inactive",
      "audit      gemini-cli  user   ~/.gemini/settings.json  ok",
      `  host-switch: inactive — "hooksConfig": { "disabled": ["agent-connector-guard-BeforeTool"] } in ${settings} makes Gemini CLI skip the hooks it names`,
    ]);
  });
});

describe("GitHub Copilot in VS Code: chat.useHooks", () => {
  test("false in VS Code's user settings (JSONC, comments kept by the host): inactive", () => {
    const { box } = twoConnectors("vscode-copilot");
    const settings = join(box.home, ".config", "Code", "User", "settings.json");
    box.write(settings, '{\n  // no agent hooks here\n  "chat.useHooks": false,\n}\n');
    const status = box.cli(["status"]);
    expect(status.exitCode).toBe(5);
    expect(status.stdout.split("\n").filter((line) => line.includes("host-switch"))).toEqual(
      Array(2).fill(`  host-switch: inactive — "chat.useHooks": false in ${settings} switches off hooks in VS Code's Local agent harness`),
    );
    box.write(settings, '{ "chat.useHooks": true }\n');
    expect(box.cli(["status"]).exitCode).toBe(0);
  });
});

describe("doctor fires its sample event through a hooks folder's launchers", () => {
  // One launcher per event file: two connectors share the folder with an event each.
  const CONFIGS = {
    guard: JSON.stringify({ id: "guard", hooks: { PreToolUse: { response: { decision: "deny", reason: "no" } } } }),
    audit: JSON.stringify({ id: "audit", hooks: { PostToolUse: { response: { additionalContext: "seen" } } } }),
  };
  for (const [platform, name, replies] of [
    ["cline", "Cline", ['PreToolUse: replied {"cancel":true,"errorMessage":"no"}', 'PostToolUse: replied {"cancel":false,"contextModification":"seen"}']],
    ["mux", "Mux", ["PreToolUse: deny by exit 2: no", "PostToolUse: replied text (context): seen"]],
  ] as const) {
    for (const [way, env] of [
      ["in-process", {}],
      ["through the daemon", DAEMON_ON],
    ] as const) {
      test(`${name}: one probe per launcher of each connector (${way})`, () => {
        const box = sandbox();
        if (way !== "in-process") daemonBoxes.push(box);
        for (const [id, text] of Object.entries(CONFIGS)) {
          const config = box.write(join(box.project, id, "agent-connector.config.json"), text);
          expect(box.cli(["install", "--config", config, "--platform", platform]).exitCode).toBe(0);
        }
        // `require`: every probe answered by the daemon, never in-process.
        if (way !== "in-process") daemonReady(box);
        const doctor = box.cli(["doctor"], { env });
        expect(doctor.exitCode).toBe(0);
        const probes = doctor.stdout.split("\n").filter((line) => / {2}ok {4}(PreToolUse|PostToolUse):/.test(line));
        expect(probes.map((line) => line.replace(/ \(\d+ ms\)$/, ""))).toEqual(replies.map((reply) => `  ok    ${reply}`));
      });
    }
  }

  test("no probe to fire: doctor says why on that install's lines", () => {
    const { box } = twoConnectors("claude-code");
    const settings = join(box.home, ".claude", "settings.json");
    box.write(settings, "{}\n");
    const doctor = box.cli(["doctor"]);
    expect(doctor.exitCode).toBe(5);
    expect(doctor.stdout.split("\n").filter((line) => line.includes("no sample event"))).toEqual(
      ["guard", "audit"].map((id) => `  warn  no sample event fired: ${settings} holds no hook command of connector ${id}`),
    );
  });
});
