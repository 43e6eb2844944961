import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "smol-toml";
import { specific, type Expected } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord, type SeenCheck } from "./record.ts";
import { KIMI, json, ownServer } from "./mcp.ts";

// Kimi CLI 1.49.0, written from its source (test/fixtures/kimi/README.md). Kimi Code shares the
// file format and reply dialect: test/hosts-data/kimi-code.ts reuses the helpers below.

/** `[[hooks]]` tables as install appends them: event, matcher, command, timeout. */
export const tomlHooks = (platform: string, hooks: { event: string; matcher?: string; native?: boolean }[]) =>
  hooks
    .map(({ event, matcher, native }) => {
      const command = native ? hookCommand(platform, `${event} --native`) : hookCommand(platform, event);
      return `[[hooks]]\nevent = "${event}"\n${matcher ? `matcher = ${JSON.stringify(matcher)}\n` : ""}command = "${command}"\ntimeout = 30\n`;
    })
    .join("\n");

/** A config.toml as a user keeps it: comments, other tables, a hook of their own. */
export const USER_TOML = `# Kimi settings
default_model = "kimi-k2" # the fast one

[[hooks]]
event = "PostToolUse"
matcher = "WriteFile"
command = "prettier --write" # format

[models.kimi-k2]
provider = "moonshot"
max_context_size = 262144
`;

export const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Shell", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
  },
}`;

const denied = (event: string) => specific(event, { permissionDecision: "deny", permissionDecisionReason: "R" });

export const tomlRefusals = (file: (box: Sandbox) => string) => [
  { text: `[[hooks]\nevent = "Stop"\n`, error: (box: Sandbox) => `${file(box)}: cannot be parsed as TOML (line 1)` },
  { text: `hooks = "none"\n`, error: (box: Sandbox) => `${file(box)}: hooks must be an array of tables ([[hooks]]); nothing was written` },
  {
    text: `hooks = [{ event = "Stop", command = "./check.sh" }]\n`,
    error: (box: Sandbox) => `${file(box)}: holds its hook tables in a form agent-connector does not edit`,
  },
];

/** Kimi CLI's 13 events, each with a payload in test/fixtures/<id>/<event>.json. */
export const KIMI_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "Notification",
  "StopFailure",
] as const;
/** Blocks only where Kimi CLI acts on them; nothing reads context, so every other answer is silence. */
export const KIMI_REPLIES: Expected = {
  SessionStart: {},
  SessionEnd: {},
  UserPromptSubmit: { deny: denied("UserPromptSubmit") },
  PreToolUse: { deny: denied("PreToolUse") },
  PostToolUse: {},
  PostToolUseFailure: {},
  Stop: { deny: denied("Stop") },
  SubagentStart: {},
  SubagentStop: {},
  PreCompact: {},
  PostCompact: {},
  Notification: {},
  StopFailure: {},
};

/** Fields both Kimi hosts send alike (their fixtures share these values). */
export const KIMI_SEEN: SeenCheck[] = [
  { event: "SessionStart", matches: { source: "startup" } },
  { event: "SessionEnd", matches: { reason: "exit" } },
  { event: "Stop", matches: { stopHookActive: false } },
  { event: "SubagentStart", matches: { agentType: "coder" } },
  { event: "SubagentStop", matches: { agentType: "coder", lastAssistantMessage: "Found scripts/push.sh." } },
  { event: "PreCompact", matches: { trigger: "auto" } },
  { event: "PostCompact", matches: { trigger: "auto" } },
  { event: "Notification", matches: { message: "npm test passed" } },
  { event: "StopFailure", matches: { error: "APIStatusError", errorDetails: "429 Too Many Requests" } },
];
const configPath = (box: Sandbox) => join(box.home, ".kimi", "config.toml");
const command = (event: string) => hookCommand("kimi", event);

export const kimi: HostRecord = {
  id: "kimi",
  mcp: { kind: "scopes", user: [".kimi/mcp.json", json({ mcpServers: KIMI })], project: null, own: ownServer(["mcpServers"]) },
  fixtures: fromDocsEach(KIMI_EVENTS),
  replies: KIMI_REPLIES,
  seen: {
    "PreToolUse: snake_case, tool_call_id is the tool use": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "kimi",
          connectorId: "test",
          sessionId: "k-5a1e",
          toolUseId: "call_7",
          projectDir: box.project,
          toolName: "Shell",
          toolInput: { command: "git push --force" },
        }),
      },
    ],
    "the other events' fields": [
      ...KIMI_SEEN,
      { event: "UserPromptSubmit", matches: { prompt: "Push my branch" } },
      { event: "PostToolUse", matches: { toolName: "Shell", toolOutput: "Everything up-to-date" } },
      { event: "PostToolUseFailure", matches: { error: "remote rejected", toolUseId: "call_7" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Shell|ReadFile" },
    cases: {
      "matcher: a listed tool matches, a longer name does not (Kimi searches, we match whole names)": [
        { event: "PreToolUse", reply: denied("PreToolUse") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "ReadFile" }), reply: denied("PreToolUse") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "ReadMediaFile" }), reply: null },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "WriteFile" }), reply: null },
      ],
    },
  },
  missing: { events: ["PermissionRequest"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: configPath,
    override: { name: "KIMI_SHARE_DIR", file: (dir) => join(dir, "config.toml") },
    parse,
    // A plain name is written anchored (Kimi searches the regex anywhere); a pattern Python's `re`
    // might not compile is matched at run time only.
    fresh: () => tomlHooks("kimi", [{ event: "PreToolUse", matcher: "^(?:Shell)$" }, { event: "PostToolUse" }, { event: "Stop" }]),
    // Handlers might return anything: install says so in one line, explain lists each degradation.
    freshStderr: () => ["If your handlers return them, some responses degrade on Kimi CLI: agent-connector explain shows which."],
    command: (written) => written.hooks[0].command,
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 3,
    existing: {
      text: USER_TOML,
      merged: () => `${USER_TOML}\n${tomlHooks("kimi", [{ event: "PreToolUse", matcher: "^(?:Shell)$" }, { event: "PostToolUse" }, { event: "Stop" }])}`,
    },
    refused: tomlRefusals(configPath),
    dryRun: ["+[[hooks]]", '+event = "Stop"'],
    uninstallDryRun: () => `-command = "${command("Stop")}"`,
  },
  extra: () => {
    describe("kimi: config.toml as the user keeps it", () => {
      test("uninstall after the user edited the file: only our tables go, their edit stays", () => {
        const { box, install, uninstall } = installSetup("kimi", SOURCE);
        box.write(configPath(box), USER_TOML);
        install();
        box.write(configPath(box), box.read(configPath(box)).replace('"prettier --write"', '"prettier --write --cache"'));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(USER_TOML.replace('"prettier --write"', '"prettier --write --cache"'));
      });

      test("a file without a final newline, and a table the user added after ours: both survive", () => {
        const { box, install, uninstall } = installSetup("kimi", SOURCE);
        const bare = USER_TOML.trimEnd();
        box.write(configPath(box), bare);
        install();
        const extra = `\n[[hooks]]\nevent = "Stop"\ncommand = "./after.sh"\n`;
        box.write(configPath(box), box.read(configPath(box)) + extra);
        // Installing again with nothing of ours changed leaves the file as it is: ours are not moved behind the user's table.
        const before = box.read(configPath(box));
        expect(install().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(before);
        const hooks = (parse(box.read(configPath(box))) as { hooks: { command: string }[] }).hooks.map((h) => h.command);
        expect(hooks).toEqual(["prettier --write", command("PreToolUse"), command("PostToolUse"), command("Stop"), "./after.sh"]);
        uninstall();
        // Exactly the user's bytes without ours: no final newline of ours is left behind.
        expect(box.read(configPath(box))).toBe(`${bare}${extra}`);
      });

      test("a file without a final newline, edited after install: uninstall gives its bytes back", () => {
        const { box, install, uninstall } = installSetup("kimi", SOURCE);
        const bare = USER_TOML.trimEnd();
        box.write(configPath(box), bare);
        expect(install().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(
          `${bare}\n\n${tomlHooks("kimi", [{ event: "PreToolUse", matcher: "^(?:Shell)$" }, { event: "PostToolUse" }, { event: "Stop" }]).trimEnd()}`,
        );
        expect(install().exitCode).toBe(0);
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(configPath(box), box.read(configPath(box)).replace("the fast one", "the quick one"));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(bare.replace("the fast one", "the quick one"));
      });

      test("CRLF files get CRLF tables and their bytes back", () => {
        const { box, install, uninstall } = installSetup("kimi", SOURCE);
        const crlf = USER_TOML.replaceAll("\n", "\r\n");
        box.write(configPath(box), crlf);
        install();
        const written = box.read(configPath(box));
        expect(written).toContain('[[hooks]]\r\nevent = "Stop"\r\n');
        expect(written.replaceAll("\r\n", "")).not.toContain("\n");
        uninstall();
        expect(box.read(configPath(box))).toBe(crlf);
      });
    });

    describe("kimi: native passthrough", () => {
      // StopFailure, its only host-only event, is normalized: a native name of Kimi CLI's would be one
      // it does not know, and one unknown name makes it reject its whole config.
      test("Kimi CLI takes no native hooks: none is written, and install says so", () => {
        const { box, install } = installSetup(
          "kimi",
          `{ id: "guard", hooks: { Stop: { handler: () => undefined } }, platforms: { kimi: { nativeHooks: { Interrupt: { handler: () => undefined } } } } }`,
        );
        const result = install();
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain("Kimi CLI does not take native hooks; nativeHooks.Interrupt is ignored.");
        expect(box.read(configPath(box))).toBe(tomlHooks("kimi", [{ event: "Stop" }]));
      });
    });
  },
};
