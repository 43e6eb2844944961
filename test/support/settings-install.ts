/**
 * install / uninstall checks for the hosts that keep hooks in a settings.json shared with the
 * user's other settings (Claude Code, Gemini CLI, Qwen Code): the nested Claude layout under
 * `hooks`, comments kept (JSONC), byte-identical uninstall.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Sandbox } from "./harness.ts";
import { hookCommand, installSetup } from "./install.ts";

export interface SettingsHost {
  platform: string;
  /** The folder in HOME that holds settings.json (".qwen", ".gemini") and in the project. */
  dir: string;
  /** The env var that moves the user settings, and where settings.json then is. */
  override: { name: string; settings: (value: string) => string };
  /** Native names of PreToolUse, PostToolUse, Stop and (when the host has it) PermissionRequest. */
  native: Record<string, string>;
  /** The host's shell tool name, and our 30 s timeout in the host's unit. */
  tool: string;
  timeout: number;
  /** The host tests a matcher with an unanchored `RegExp.test`: even a plain name is written anchored. */
  anchorPlainNames?: boolean;
  /** Fields besides type/command/timeout on each handler we write. */
  extras: (nativeEvent: string) => Record<string, unknown>;
  /** The real PreToolUse payload and the exact deny reply to it. */
  preToolUse: (box: Sandbox) => Record<string, unknown>;
  deny: unknown;
}

const config = (tool: string) => `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "${tool}", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    PermissionRequest: { matcher: "${tool}", handler: () => undefined },
  },
}`;

export function settingsInstallSuite(host: SettingsHost): void {
  const { platform, native, tool } = host;
  const CONFIG = config(tool);
  const settingsPath = (box: Sandbox) => join(box.home, host.dir, "settings.json");
  const setup = (existing?: string) => {
    const s = installSetup(platform, CONFIG);
    if (existing !== undefined) s.box.write(settingsPath(s.box), existing);
    return s;
  };
  const handler = (event: string) => ({ type: "command", command: hookCommand(platform, event), timeout: host.timeout, ...host.extras(native[event]!) });
  const group = (event: string, matcher?: string) => ({ ...(matcher ? { matcher } : {}), hooks: [handler(event)] });
  const toolMatcher = host.anchorPlainNames ? `^(?:${tool})$` : tool;
  const installed = Object.keys(native).length;

  const USER_SETTINGS = `{
  // my settings
  "mcpServers": { "docs": { "command": "npx", "args": ["-y", "docs-mcp"] } },
  "hooks": {
    "${native.PreToolUse}": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh", "timeout": 5000 }] } // keep me
    ]
  },
  "ui": { "theme": "GitHub" }
}
`;

  describe(`${platform}: install`, () => {
    test("fresh file: nested groups under `hooks`, timeouts in the host's unit, native matchers", () => {
      const { box, install } = setup();
      expect(install().exitCode).toBe(0);
      const hooks: Record<string, unknown> = {
        [native.PreToolUse!]: [group("PreToolUse", toolMatcher)],
        [native.PostToolUse!]: [group("PostToolUse", "^(?:mcp__.*)$")],
        [native.Stop!]: [group("Stop")],
      };
      if (native.PermissionRequest) hooks[native.PermissionRequest] = [group("PermissionRequest", toolMatcher)];
      const order = ["PreToolUse", "PostToolUse", "Stop", "PermissionRequest"].flatMap((e) => (native[e] ? [native[e]!] : []));
      expect(box.read(settingsPath(box))).toBe(`${JSON.stringify({ hooks: Object.fromEntries(order.map((n) => [n, hooks[n]])) }, null, 2)}\n`);
    });

    test("the installed command answers as the host would run it, from its real payload", () => {
      const { box, install } = setup();
      install();
      const command = JSON.parse(box.read(settingsPath(box))).hooks[native.PreToolUse!][0].hooks[0].command;
      const proc = Bun.spawnSync(["sh", "-c", command], { env: box.env, stdin: Buffer.from(JSON.stringify(host.preToolUse(box))) });
      expect(proc.stdout.toString()).toBe(`${JSON.stringify(host.deny)}\n`);
    });

    test("the user's hooks, other settings and comments stay; ours are appended", () => {
      const { box, install } = setup(USER_SETTINGS);
      expect(install().exitCode).toBe(0);
      const text = box.read(settingsPath(box));
      const ours = JSON.stringify(group("PreToolUse", toolMatcher), null, 2).split("\n").join("\n      ");
      expect(text).toStartWith(`{
  // my settings
  "mcpServers": { "docs": { "command": "npx", "args": ["-y", "docs-mcp"] } },
  "hooks": {
    "${native.PreToolUse}": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh", "timeout": 5000 }] }, // keep me
      ${ours}
    ],`);
      expect(text).toEndWith(`  },\n  "ui": { "theme": "GitHub" }\n}\n`);
    });

    test("reinstall: one entry per event, same bytes", () => {
      const { box, install } = setup(USER_SETTINGS);
      install();
      const once = box.read(settingsPath(box));
      const again = install();
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toContain("already up to date");
      expect(box.read(settingsPath(box))).toBe(once);
      expect(once.split("--connector guard").length - 1).toBe(installed);
    });

    test("a malformed file is never overwritten: exit 4", () => {
      const broken = `{ "hooks": { "${native.Stop}": [ }`;
      const { box, install } = setup(broken);
      const result = install();
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toContain(`${settingsPath(box)}: cannot be parsed`);
      expect(box.read(settingsPath(box))).toBe(broken);
    });

    test("--dry-run prints the diff and writes nothing", () => {
      const { box, install } = setup(USER_SETTINGS);
      const result = install("--dry-run");
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(`+++ ${settingsPath(box)}`);
      expect(result.stdout).toContain(`+            "timeout": ${host.timeout}`);
      expect(box.read(settingsPath(box))).toBe(USER_SETTINGS);
      expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
    });

    test(`${host.override.name} moves the user settings`, () => {
      const { box, config } = setup();
      const moved = join(box.root, "elsewhere");
      expect(box.cli(["install", "--config", config, "--platform", platform], { env: { [host.override.name]: moved } }).exitCode).toBe(0);
      expect(box.exists(host.override.settings(moved))).toBe(true);
      expect(box.exists(settingsPath(box))).toBe(false);
    });

    test(`project scope writes <project>/${host.dir}/settings.json`, () => {
      const { box, install } = setup();
      expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
      expect(box.exists(join(box.project, host.dir, "settings.json"))).toBe(true);
      expect(box.exists(settingsPath(box))).toBe(false);
    });
  });

  describe(`${platform}: uninstall`, () => {
    test("round trip on an existing file gives back the exact bytes", () => {
      const { box, install, uninstall } = setup(USER_SETTINGS);
      install();
      const result = uninstall();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`removed ${installed} hooks`);
      expect(box.read(settingsPath(box))).toBe(USER_SETTINGS);
    });

    test("round trip on no file removes the file we created", () => {
      const { box, install, uninstall } = setup();
      install();
      uninstall();
      expect(box.exists(settingsPath(box))).toBe(false);
    });

    test("after the user edited the file, only our entries go", () => {
      const { box, install, uninstall } = setup(USER_SETTINGS);
      install();
      box.write(settingsPath(box), box.read(settingsPath(box)).replace(`"GitHub"`, `"Dracula"`));
      uninstall();
      expect(box.read(settingsPath(box))).toBe(USER_SETTINGS.replace(`"GitHub"`, `"Dracula"`));
    });

    test("--dry-run writes nothing", () => {
      const { box, install, uninstall } = setup(USER_SETTINGS);
      install();
      const before = box.read(settingsPath(box));
      const result = uninstall("--dry-run");
      expect(result.stdout).toContain(`-            "command": "${hookCommand(platform, "Stop")}",`);
      expect(box.read(settingsPath(box))).toBe(before);
    });
  });
}
