import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { EVENT_NAMES } from "../../src/events.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocs, type HostRecord } from "./record.ts";
import { CLAUDE, json, ownServer } from "./mcp.ts";

// Crush v0.90.0 / nightly 2026-08-21, written from its source (test/fixtures/crush/README.md).
const configPath = (box: Sandbox) => join(box.home, ".config", "crush", "crush.json");
const command = (event: string) => hookCommand("crush", event);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
  },
}`;
const USER_CONFIG = `{
  // Crush settings
  "$schema": "https://charm.land/crush.json",
  "options": { "debug": false },
  "hooks": {
    "PreToolUse": [
      { "name": "audit", "matcher": "^(edit|write)$", "command": "./audit.sh", "timeout": 10 },
    ],
  },
}
`;
const FRESH = `${JSON.stringify({ hooks: { PreToolUse: [{ command: command("PreToolUse"), matcher: "^(?:bash)$", timeout: 30 }] } }, null, 2)}\n`;

export const crush: HostRecord = {
  id: "crush",
  mcp: { kind: "scopes", user: [".config/crush/crush.json", json({ mcp: CLAUDE })], project: ["crush.json", json({ mcp: CLAUDE })], own: ownServer(["mcp"]) },
  fixtures: { PreToolUse: fromDocs("PreToolUse") },
  // `decision: "allow"` skips Crush's permission prompt: only an explicit allow says it. No
  // opinion, ask (Crush's own prompt) and a rewrite leave the decision out. `updated_input` is a
  // shallow-merge patch, so a key the new input drops is sent as null.
  replies: {
    PreToolUse: {
      allow: { decision: "allow" },
      deny: { decision: "deny", reason: "R" },
      modify: { updated_input: { timeout: null, command: "echo safe" } },
      context: { context: "C" },
    },
  },
  seen: {
    "PreToolUse: the event is under `event`; CRUSH_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { CRUSH_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "git push --force" },
        equals: {
          hostPlatform: "crush",
          connectorId: "test",
          sessionId: "9b1c44e",
          projectDir: "/the/project",
          toolName: "bash",
          toolInput: { command: "git push --force", timeout: 60000 },
        },
      },
    ],
  },
  matchers: {
    config: { PreToolUse: "bash" },
    cases: {
      "matcher: the whole tool name (Crush searches: `bash` alone would also match mcp_x_bash)": [
        { event: "PreToolUse", reply: { decision: "deny", reason: "R" } },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "mcp_shell_bash" }), reply: null },
      ],
    },
  },
  missing: {
    events: EVENT_NAMES.filter((event) => event !== "PreToolUse"),
    raw: (box) => ({ event: "Stop", session_id: "s", cwd: box.project }),
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: configPath,
    projectFile: (project) => join(project, "crush.json"),
    override: { name: "CRUSH_GLOBAL_CONFIG", file: (dir) => join(dir, "crush.json") },
    fresh: () => FRESH,
    freshStderr: () => [
      "Crush has no Stop event: this handler never runs there.",
      "If your handlers return them, some responses degrade on Crush: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.PreToolUse[0].command,
    deny: { decision: "deny", reason: "no shell" },
    hooks: 1,
    existing: {
      text: USER_CONFIG,
      merged: () => `{
  // Crush settings
  "$schema": "https://charm.land/crush.json",
  "options": { "debug": false },
  "hooks": {
    "PreToolUse": [
      { "name": "audit", "matcher": "^(edit|write)$", "command": "./audit.sh", "timeout": 10 },
      {
        "command": "${command("PreToolUse")}",
        "matcher": "^(?:bash)$",
        "timeout": 30
      },
    ],
  },
}
`,
    },
    refused: [
      { text: `{ "hooks": { "PreToolUse": [ }`, error: (box) => `${configPath(box)}: cannot be parsed` },
      {
        text: `{ "hooks": { "PreToolUse": { "command": "x" } } }\n`,
        error: (box) => `${configPath(box)}: hooks.PreToolUse must be an array of hook entries; nothing was written`,
      },
    ],
    dryRun: [`+        "matcher": "^(?:bash)$",`],
    uninstallDryRun: () => `-        "command": "${command("PreToolUse")}",`,
  },
  extra: () => {
    describe("crush: only events Crush knows", () => {
      test("a connector with every event writes PreToolUse alone (an unknown event name is a config error for Crush)", () => {
        const hooks = EVENT_NAMES.map((event) => `${event}: { handler: () => undefined },`).join(" ");
        const { box, install } = installSetup("crush", `{ id: "guard", hooks: { ${hooks} } }`);
        expect(install().exitCode).toBe(0);
        expect(Object.keys(JSON.parse(box.read(configPath(box))).hooks)).toEqual(["PreToolUse"]);
      });

      test("native hooks are not taken: nothing but PreToolUse is ever written, and explain says so", () => {
        const { box, config, install } = installSetup(
          "crush",
          `{ id: "guard", hooks: { PreToolUse: { handler: () => undefined } }, platforms: { crush: { nativeHooks: { TurnEnd: { handler: () => undefined } } } } }`,
        );
        expect(box.cli(["explain", "--config", config]).stdout).toContain("native hook TurnEnd not installed on crush: the host takes no native hooks\n");
        expect(install().stderr).toContain("Crush does not take native hooks; nativeHooks.TurnEnd is ignored.");
        expect(Object.keys(JSON.parse(box.read(configPath(box))).hooks)).toEqual(["PreToolUse"]);
      });

      test("XDG_CONFIG_HOME moves the user file", () => {
        const { box, config } = installSetup("crush", SOURCE);
        const xdg = join(box.root, "xdg");
        expect(box.cli(["install", "--config", config, "--platform", "crush"], { env: { XDG_CONFIG_HOME: xdg } }).exitCode).toBe(0);
        expect(box.read(join(xdg, "crush", "crush.json"))).toBe(FRESH);
      });
    });
  },
};
