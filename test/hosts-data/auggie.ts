import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { EVENT_NAMES } from "../../src/events.ts";
import { specific } from "../support/decisions.ts";
import { sandbox, writeConfig } from "../support/harness.ts";
import { installSetup } from "../support/install.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { SERVERS, URL_HTTP, URL_SSE, json, ownServer } from "./mcp.ts";

const CONVERSATION = "d3b7d1b3-f7a1-40de-8fc0-813691151360";
const INPUT = { command: "echo hi | tee tool-ran.marker", wait: true, max_wait_seconds: 30 };
const OUTPUT = "Here are the results from executing the command.\n<return-code>\n0\n</return-code>\n<output>\nhi\n\n</output>";
/** The hook-file events Auggie 0.36.0 accepts: any other key makes it reject the configuration. */
const AUGGIE_EVENTS = ["PreToolUse", "PostToolUse", "Stop", "SessionStart", "SessionEnd", "Notification", "PromptSubmit"];

// The "auggie" MCP format: typed remote servers, no variables.
const AUGGIE_MCP = { rec: SERVERS.rec, api: { type: "http", url: URL_HTTP }, old: { type: "sse", url: URL_SSE } };

export const auggie: HostRecord = {
  id: "auggie",
  mcp: {
    kind: "scopes",
    user: [".augment/settings.json", json({ mcpServers: AUGGIE_MCP })],
    project: [".augment/settings.json", json({ mcpServers: AUGGIE_MCP })],
    own: ownServer(["mcpServers"]),
  },
  fixtures: {
    SessionStart: captured("SessionStart"),
    UserPromptSubmit: captured("PromptSubmit"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    Stop: captured("Stop"),
    SessionEnd: captured("SessionEnd"),
    Notification: fromDocs("Notification"),
  },
  // 0.36.0 reads the reply of PreToolUse and PostToolUse only: elsewhere every decision prints nothing.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: {},
    PreToolUse: {
      deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
      modify: specific("PreToolUse", { updatedInput: { command: "echo safe" } }), // no approval beside it (real run 0.36.0)
    },
    // Auggie's schema takes PostToolUse's block inside hookSpecificOutput.
    PostToolUse: {
      deny: specific("PostToolUse", { decision: "block", reason: "R" }),
      context: specific("PostToolUse", { additionalContext: "C" }),
      updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
    },
    Stop: {},
    Notification: {},
  },
  seen: {
    'PreToolUse from the real payload: tool_output "[undefined]" is no output': [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "auggie",
          connectorId: "test",
          sessionId: CONVERSATION,
          projectDir: box.project,
          toolName: "launch-process",
          toolInput: INPUT,
        }),
      },
    ],
    "AUGMENT_PROJECT_DIR wins over workspace_roots": [{ event: "Stop", env: { AUGMENT_PROJECT_DIR: "/the/project" }, matches: { projectDir: "/the/project" } }],
    'PostToolUse: "[undefined]" at any depth is absent': [
      {
        event: "PostToolUse",
        raw: (p) => ({
          ...p("PostToolUse"),
          tool_output: "[undefined]",
          tool_input: { ...INPUT, max_wait_seconds: "[undefined]", cwd: ["/a", "[undefined]"] },
        }),
        check: (seen) => {
          expect(seen.toolOutput).toBeUndefined();
          expect(seen.toolInput).toEqual({ command: INPUT.command, wait: true, cwd: ["/a", null] });
        },
      },
    ],
    "the other events' fields": [
      { event: "PostToolUse", matches: { toolName: "launch-process", toolInput: INPUT, toolOutput: OUTPUT } },
      { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_error: "exit 1" }), matches: { isError: true } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the launch-process tool.", sessionId: CONVERSATION } },
      { event: "Notification", matches: { message: "Auggie is waiting for your input" } },
      { event: "SessionEnd", check: (seen) => expect(seen.reason).toBeUndefined() },
    ],
  },
  matchers: {
    config: { PreToolUse: "launch-process|view", PostToolUse: "launch-proces" },
    cases: {
      "matcher: launch-process (Auggie's shell) matches, save-file does not": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "save-file" }), reply: null },
      ],
      "matcher: a prefix of the tool name is no match": [{ event: "PostToolUse", reply: null }],
    },
  },
  missing: { events: ["PreCompact", "PostCompact", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "settings",
    tool: "launch-process",
    timeout: 30000,
    dir: ".augment",
    native: { PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", Stop: "Stop" },
    extras: () => ({}),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
  },
  extra: (payload) => {
    describe("auggie: what install writes", () => {
      test("the prompt event is written PromptSubmit; no key Auggie does not know is ever written", () => {
        const every = EVENT_NAMES;
        const { box, install } = installSetup("auggie", `{ id: "guard", hooks: { ${every.map((e) => `${e}: { handler: () => undefined }`).join(", ")} } }`);
        const result = install();
        expect(result.exitCode).toBe(0);
        const hooks = JSON.parse(box.read(join(box.home, ".augment", "settings.json"))).hooks;
        expect(Object.keys(hooks).sort()).toEqual([...AUGGIE_EVENTS].sort());
        expect(result.stderr).toContain("Auggie (Augment CLI) has no SubagentStop event: this handler never runs there.");
        // Handlers may return anything: install says where to look, explain lists each degradation.
        expect(result.stderr).toContain("some responses degrade on Auggie (Augment CLI): agent-connector explain shows which.");
        const explained = JSON.parse(box.cli(["explain", "--json"]).stdout).hosts.find((h: { platform: string }) => h.platform === "auggie").degradations;
        expect(explained).toContainEqual({ event: "Stop", from: "deny", to: "ignored (the host cannot block here)", certain: false });
      });
    });

    describe("auggie: the access token in the hook's environment never reaches our log", () => {
      const TOKEN = "augtok-Zq81xW";
      const AUTH = JSON.stringify({ accessToken: TOKEN, tenantURL: "http://127.0.0.1:9/", scopes: ["email"] });

      test("a failing handler that quotes the token: the hook fails open, stderr and hook.log carry no token", () => {
        const box = sandbox();
        const config = writeConfig(
          box,
          `{ id: "leaky", hooks: { PreToolUse: { handler: () => {
            const auth = process.env.AUGMENT_SESSION_AUTH ?? "";
            throw new Error("cannot reach " + auth + " with " + JSON.parse(auth).accessToken);
          } } } }`,
        );
        const result = box.hook("auggie", "PreToolUse", payload("PreToolUse", box), { config, env: { AUGMENT_SESSION_AUTH: AUTH } });
        expect({ stdout: result.stdout, exitCode: result.exitCode }).toEqual({ stdout: "", exitCode: 0 });
        const log = box.read(join(box.home, ".agent-connector", "logs", "hook.log"));
        expect(log).toContain("auggie PreToolUse");
        expect(log).toContain("cannot reach [redacted] with [redacted]");
        for (const text of [log, result.stderr]) {
          expect(text).not.toContain(TOKEN);
          expect(text).not.toContain("accessToken");
        }
      });
    });
  },
};
