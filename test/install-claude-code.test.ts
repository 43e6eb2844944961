import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { installSetup, hookCommand } from "./support/install.ts";

/**
 * install / uninstall for Claude Code under a temporary HOME, against real files: Claude's own
 * checks (registry, reinstall, several connectors, --json). The settings.json checks every such
 * host shares run from test/hosts-data/claude-code.ts.
 */

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
  },
}`;

const settingsPath = (box: Sandbox) => join(box.home, ".claude", "settings.json");
const command = (event: string, id = "guard") => hookCommand("claude-code", event, id);

function setup(existing?: string) {
  const s = installSetup("claude-code", CONFIG);
  if (existing !== undefined) s.box.write(settingsPath(s.box), existing);
  return s;
}

const USER_SETTINGS = `{
  // my settings
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Write", "hooks": [{ "type": "command", "command": "my-linter" }] } // keep me
    ]
  },
  "permissions": { "allow": ["Bash(ls)"] }
}
`;

describe("claude-code: registry", () => {
  test("the registry records the connector for the hook command", () => {
    const { box, config, install } = setup();
    install();
    const registry = JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json")));
    expect(registry.connectors.guard).toEqual({ config, installs: [{ platform: "claude-code", scope: "user", file: settingsPath(box), invocation: BIN }] });
  });
});

describe("claude-code: reinstall and odd files", () => {
  test("reinstall after the config drops an event removes that event's entry", () => {
    const { box, config, install } = setup(USER_SETTINGS);
    install();
    writeConfig(box, `{ id: "guard", hooks: { Stop: { handler: () => undefined } } }`);
    expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
    const settings = JSON.parse(box.read(settingsPath(box)).replace(/\/\/.*$/gm, ""));
    expect(settings.hooks.PreToolUse).toEqual([{ matcher: "Write", hooks: [{ type: "command", command: "my-linter" }] }]);
    expect(settings.hooks.PostToolUse).toBeUndefined();
    expect(settings.hooks.Stop).toHaveLength(1);
  });

  test("a file whose hooks have the wrong shape is not touched", () => {
    const odd = `{ "hooks": { "PreToolUse": "not an array" } }\n`;
    const { box, install } = setup(odd);
    const result = install("--json");
    expect(result.exitCode).toBe(4);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.results[0].status).toBe("error");
    expect(report.results[0].error).toContain("hooks.PreToolUse must be an array of matcher groups");
    expect(box.read(settingsPath(box))).toBe(odd);
  });
});

describe("claude-code: --json and warnings", () => {
  test("--json reports wired events and every degradation", () => {
    const { install } = setup();
    const report = JSON.parse(install("--json").stdout);
    expect(report.ok).toBe(true);
    const [host] = report.results;
    expect(host).toMatchObject({ platform: "claude-code", scope: "user", status: "installed", unavailable: [] });
    expect(host.wired).toEqual([
      { event: "PreToolUse", nativeEvent: "PreToolUse", matcher: "native" },
      { event: "PostToolUse", nativeEvent: "PostToolUse", matcher: "native" },
      { event: "Stop", nativeEvent: "Stop", matcher: "all" },
    ]);
    expect(host.degradations).toEqual([
      // certain: false: handlers might return these (a JSON config's fixed response is known). A
      // PreToolUse rewrite is no degradation here: Claude Code takes it alone, its permission flow kept.
      { event: "PostToolUse", from: "updatedOutput", to: "context carrying the new output", certain: false },
      { event: "Stop", from: "context", to: "dropped (the host has no context channel here)", certain: false },
    ]);
  });

  test("what handlers might return is one line pointing to explain (the full matrix is there)", () => {
    const { install } = setup();
    expect(install().stderr).toContain("[info] If your handlers return them, some responses degrade on Claude Code: agent-connector explain shows which.\n");
  });
});

describe("claude-code: uninstall with several connectors", () => {
  test("two connectors in one file: removing one keeps the other", () => {
    const { box, install, uninstall } = setup(USER_SETTINGS);
    install();
    const other = writeConfig(box, `{ id: "other", hooks: { Stop: { handler: () => undefined } } }`, "other.config.ts");
    box.cli(["install", "--config", other, "--platform", "claude-code"]);
    uninstall();
    const text = box.read(settingsPath(box));
    expect(text).not.toContain("--connector guard");
    expect(text).toContain(command("Stop", "other"));
    box.cli(["uninstall", "--connector", "other"]);
    expect(box.read(settingsPath(box))).toBe(USER_SETTINGS);
  });

  test("an unknown connector is a usage error; naming a host checks its file anyway", () => {
    const { box, uninstall } = setup();
    const bare = box.cli(["uninstall", "--connector", "guard"]);
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toContain('connector "guard" is not installed');
    const named = uninstall();
    expect(named.exitCode).toBe(0);
    expect(named.stderr).toContain("no hooks of guard found");
  });

  test("uninstall forgets the connector in the registry", () => {
    const { box, install, uninstall } = setup();
    install();
    uninstall();
    expect(JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json"))).connectors).toEqual({});
  });
});

describe("claude-code: paths with spaces", () => {
  test("the binary path is quoted and still runs", () => {
    const box = sandbox();
    const spaced = join(box.root, "my tools", "agent-connector");
    Bun.spawnSync(["mkdir", "-p", join(box.root, "my tools")]);
    Bun.spawnSync(["cp", BIN, spaced]);
    const config = writeConfig(box, CONFIG);
    const result = Bun.spawnSync([spaced, "install", "--config", config, "--platform", "claude-code"], { env: box.env, cwd: box.project });
    expect(result.exitCode).toBe(0);
    const cmd = JSON.parse(box.read(settingsPath(box))).hooks.PreToolUse[0].hooks[0].command;
    expect(cmd).toBe(`"${spaced}" hook claude-code PreToolUse --connector guard`);
    const run = Bun.spawnSync(["sh", "-c", cmd], { env: box.env, stdin: Buffer.from(JSON.stringify({ tool_name: "Bash", tool_input: {} })) });
    expect(run.stdout.toString()).toContain('"permissionDecision":"deny"');
  });
});
