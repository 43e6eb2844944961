import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";

/** install / uninstall for Claude Code under a temporary HOME, against real files. */

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
  },
}`;

const settingsPath = (box: Sandbox) => join(box.home, ".claude", "settings.json");
const command = (event: string, id = "guard") => `${BIN} hook claude-code ${event} --connector ${id}`;

function setup(existing?: string) {
  const box = sandbox();
  const config = writeConfig(box, CONFIG);
  if (existing !== undefined) box.write(settingsPath(box), existing);
  const install = (...extra: string[]) => box.cli(["install", "--config", config, "--platform", "claude-code", ...extra]);
  const uninstall = (...extra: string[]) => box.cli(["uninstall", "--connector", "guard", "--platform", "claude-code", ...extra]);
  return { box, config, install, uninstall };
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

describe("install: fresh file", () => {
  test("writes exactly the hooks, with the binary's absolute path and native matchers", () => {
    const { box, install } = setup();
    const result = install();
    expect(result.exitCode).toBe(0);
    const group = (event: string, matcher?: string) => ({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: command(event), timeout: 30 }] });
    expect(JSON.parse(box.read(settingsPath(box)))).toEqual({
      hooks: { PreToolUse: [group("PreToolUse", "Bash")], PostToolUse: [group("PostToolUse", "^(?:mcp__.*)$")], Stop: [group("Stop")] },
    });
    expect(box.read(settingsPath(box))).toEndWith("}\n");
  });

  test("the installed command answers as Claude Code would run it", () => {
    const { box, install } = setup();
    install();
    const settings = JSON.parse(box.read(settingsPath(box)));
    const proc = Bun.spawnSync(["sh", "-c", settings.hooks.PreToolUse[0].hooks[0].command], {
      env: box.env,
      stdin: Buffer.from(JSON.stringify({ session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } })),
    });
    expect(proc.stdout.toString()).toBe(`${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell" } })}\n`);
  });

  test("honours CLAUDE_CONFIG_DIR", () => {
    const { box, config } = setup();
    const dir = join(box.root, "claude-elsewhere");
    expect(box.cli(["install", "--config", config, "--platform", "claude-code"], { env: { CLAUDE_CONFIG_DIR: dir } }).exitCode).toBe(0);
    expect(box.exists(join(dir, "settings.json"))).toBe(true);
    expect(box.exists(settingsPath(box))).toBe(false);
  });

  test("project scope writes <project>/.claude/settings.json", () => {
    const { box, config } = setup();
    const result = box.cli(["install", "--config", config, "--platform", "claude-code", "--scope", "project", "--project-dir", box.project]);
    expect(result.exitCode).toBe(0);
    expect(box.exists(join(box.project, ".claude", "settings.json"))).toBe(true);
    expect(box.exists(settingsPath(box))).toBe(false);
  });

  test("the registry records the connector for the hook command", () => {
    const { box, config, install } = setup();
    install();
    const registry = JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json")));
    expect(registry.connectors.guard).toEqual({ config, installs: [{ platform: "claude-code", scope: "user", file: settingsPath(box) }] });
  });
});

describe("install: existing settings", () => {
  test("user hooks, keys, key order and comments survive", () => {
    const { box, install } = setup(USER_SETTINGS);
    expect(install().exitCode).toBe(0);
    const text = box.read(settingsPath(box));
    expect(text).toStartWith(`{
  // my settings
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Write", "hooks": [{ "type": "command", "command": "my-linter" }] }, // keep me
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "${command("PreToolUse")}",
            "timeout": 30
          }
        ]
      }
    ],`);
    expect(text).toContain(`"permissions": { "allow": ["Bash(ls)"] }\n}\n`);
  });

  test("installing twice leaves one entry per event and the same bytes", () => {
    const { box, install } = setup(USER_SETTINGS);
    install();
    const once = box.read(settingsPath(box));
    const again = install();
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("already up to date");
    expect(box.read(settingsPath(box))).toBe(once);
    expect(once.split("--connector guard").length - 1).toBe(3);
  });

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

  test("a malformed file is never overwritten: clear error, exit 4", () => {
    const broken = `{ "hooks": { "PreToolUse": [ }`;
    const { box, install } = setup(broken);
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${settingsPath(box)}: cannot be parsed`);
    expect(result.stderr).toContain("nothing was written");
    expect(box.read(settingsPath(box))).toBe(broken);
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

describe("--dry-run and --json", () => {
  test("--dry-run prints the diff and writes nothing", () => {
    const { box, install } = setup(USER_SETTINGS);
    const result = install("--dry-run");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`--- ${settingsPath(box)}`);
    expect(result.stdout).toContain(`+        "matcher": "Bash",`);
    expect(box.read(settingsPath(box))).toBe(USER_SETTINGS);
    expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
  });

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
      { event: "PostToolUse", from: "updatedOutput", to: "context carrying the new output" },
      { event: "Stop", from: "context", to: "dropped (the host has no context channel here)" },
    ]);
  });

  test("degradations are reported as warnings naming host, event and what degrades to what", () => {
    const { install } = setup();
    expect(install().stderr).toContain("Claude Code Stop: context → dropped (the host has no context channel here)");
  });
});

describe("uninstall", () => {
  test("gives back the original bytes of a file only we changed", () => {
    const { box, install, uninstall } = setup(USER_SETTINGS);
    install();
    const result = uninstall();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("removed 3 hooks");
    expect(box.read(settingsPath(box))).toBe(USER_SETTINGS);
  });

  test("a file we created is removed again", () => {
    const { box, install, uninstall } = setup();
    install();
    uninstall();
    expect(box.exists(settingsPath(box))).toBe(false);
  });

  test("after the user edited the file, only our entries go and their edit stays", () => {
    const { box, install, uninstall } = setup(USER_SETTINGS);
    install();
    const edited = box.read(settingsPath(box)).replace(`"model": "opus"`, `"model": "sonnet"`);
    box.write(settingsPath(box), edited);
    uninstall();
    const text = box.read(settingsPath(box));
    expect(text).toContain(`"model": "sonnet"`);
    expect(text).toContain("// keep me");
    expect(text).not.toContain("--connector guard");
    expect(text).toContain(`"permissions"`);
  });

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

  test("--dry-run shows the removal and writes nothing", () => {
    const { box, install, uninstall } = setup(USER_SETTINGS);
    install();
    const installed = box.read(settingsPath(box));
    const result = uninstall("--dry-run");
    expect(result.stdout).toContain(`-            "command": "${command("Stop")}",`);
    expect(box.read(settingsPath(box))).toBe(installed);
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

describe("paths with spaces", () => {
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
