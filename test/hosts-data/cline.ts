import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { renderLauncher } from "../../src/install/launcher.ts";
import { BIN, fixturePayload, sandbox, writeConfig, type Sandbox } from "../support/harness.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { SERVERS, URL_HTTP, URL_SSE, json, ownServer } from "./mcp.ts";

// Payloads of Cline CLI 3.0.65 (real run) and of the VS Code extension's docs (older shape).
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "run_commands", handler: (e) => ({ decision: "deny", reason: "no " + e.toolInput.commands.join(" ") }) },
    PostToolUse: { handler: () => ({ additionalContext: "checked" }) },
    SessionEnd: { handler: () => undefined },
    Stop: { handler: () => undefined },
  },
  platforms: { cline: { nativeHooks: { SessionShutdown: { handler: () => undefined } } } },
}`;
const marker = (event: string, native = false) =>
  `# agent-connector launcher: cline ${event}${native ? " (native)" : ""} for connector guard; written by agent-connector install, removed by its uninstall\n`;
const launcher = (event: string, native = false) =>
  `#!/bin/sh\n${marker(event, native)}exec ${BIN} hook cline ${event}${native ? " --native" : ""} --connector guard\n`;
const userFolder = (box: Sandbox) => join(box.home, ".cline", "hooks");
const runCommands = (p: (event: "PreToolUse") => Record<string, any>, name: string) => {
  const raw = p("PreToolUse");
  return { ...raw, tool_call: { ...raw.tool_call, name }, preToolUse: { ...raw.preToolUse, toolName: name } };
};

// The "cline" MCP format: a timeout on each, streamableHttp.
const CLINE_MCP = {
  rec: { ...SERVERS.rec, timeout: 60 },
  api: { type: "streamableHttp", url: URL_HTTP, timeout: 60 },
  old: { type: "sse", url: URL_SSE, timeout: 60 },
};

export const cline: HostRecord = {
  id: "cline",
  mcp: {
    kind: "scopes",
    user: [".cline/data/settings/cline_mcp_settings.json", json({ mcpServers: CLINE_MCP })],
    project: null,
    own: ownServer(["mcpServers"]),
  },
  fixtures: {
    SessionStart: captured("TaskStart"),
    SessionEnd: captured("TaskComplete"),
    UserPromptSubmit: fromDocs("UserPromptSubmit"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    PreCompact: fromDocs("PreCompact"),
  },
  // 3.0.65 reads only PreToolUse's and PostToolUse's replies; the other events print nothing.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: {},
    PreToolUse: {
      deny: { cancel: true, errorMessage: "R" },
      modify: { cancel: false, overrideInput: { command: "echo safe" } },
      context: { cancel: false, contextModification: "C" },
    },
    PostToolUse: {
      deny: { cancel: false, contextModification: "R" },
      context: { cancel: false, contextModification: "C" },
      updatedOutput: { cancel: false, contextModification: "The tool output was replaced by a hook:\nO" },
    },
    PreCompact: {},
  },
  seen: {
    "PreToolUse (3.0.65): tool_call.input is the input, taskId the session, workspaceRoots[0] the project": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "cline",
          connectorId: "test",
          sessionId: "conv_1796001633863_scu7n17",
          projectDir: box.project,
          toolName: "run_commands",
          toolInput: { commands: ["echo hi | tee tool-ran.marker"] },
        }),
      },
    ],
    "PreToolUse (extension): preToolUse.parameters when that is all there is": [
      {
        event: "PreToolUse",
        raw: (_p, box) => fixturePayload("cline", "PreToolUse.extension", box),
        matches: (box) => ({
          sessionId: "1767225599000",
          projectDir: box.project,
          toolName: "execute_command",
          toolInput: { command: "git push --force", requires_approval: "true" },
        }),
      },
    ],
    "PostToolUse: the result text, success → isError": [
      {
        event: "PostToolUse",
        matches: {
          toolName: "run_commands",
          toolInput: { commands: ["echo hi | tee tool-ran.marker"] },
          toolOutput: '[{"query":"echo hi | tee tool-ran.marker","result":"hi\\n","success":true}]',
          isError: false,
        },
      },
      {
        event: "PostToolUse",
        raw: (p) => ({ ...p("PostToolUse"), postToolUse: { ...p("PostToolUse").postToolUse, success: false } }),
        matches: { isError: true },
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { sessionId: "conv_1796001633863_scu7n17", source: "startup" } },
      { event: "SessionEnd", matches: { reason: "completed" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the run_commands tool." } },
      { event: "PreCompact", matches: { sessionId: "1767225599000" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_commands|execute_command", PostToolUse: "run_.*" },
    cases: {
      "matcher: the tool name of tool_call, whole name": [
        { event: "PreToolUse", reply: { cancel: true, errorMessage: "R" } },
        { event: "PreToolUse", raw: (p) => runCommands(p, "read_files"), reply: null },
        { event: "PreToolUse", raw: (p) => runCommands(p, "run_commands_x"), reply: null },
      ],
      "matcher: a regex; a deny on PostToolUse is context": [
        { event: "PostToolUse", reply: { cancel: false, contextModification: "R" } },
        { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_result: { ...p("PostToolUse").tool_result, name: "read_files" } }), reply: null },
      ],
    },
  },
  missing: {
    events: ["Stop", "Notification", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop", "PostCompact"],
    raw: { taskId: "t", hookName: "agent_end" },
  },
  install: {
    kind: "hooks-folder",
    source: SOURCE,
    folder: userFolder,
    projectFolder: (project) => join(project, ".clinerules", "hooks"),
    override: { name: "CLINE_DIR", folder: (dir) => join(dir, "hooks") },
    fresh: {
      PreToolUse: launcher("PreToolUse"),
      PostToolUse: launcher("PostToolUse"),
      TaskComplete: launcher("SessionEnd"),
      SessionShutdown: launcher("SessionShutdown", true),
    },
    freshStderr: [
      "Cline has no Stop event: this handler never runs there.",
      "Cline PreToolUse: deny → the tool is blocked, but Cline ends the whole run there (the model never sees the reason)",
      // What a handler may return degrades as `explain` lists it; install points there in one line.
      "If your handlers return them, some responses degrade on Cline: agent-connector explain shows which.",
    ],
    deny: { cancel: true, errorMessage: "no echo hi | tee tool-ran.marker" },
    besideOwn: "To run both, rename it to PreToolUse.sh (Cline runs that one too) and install again",
    dropped: { source: SOURCE.replace(/\n {4}PostToolUse: .*\n/, "\n"), file: "PostToolUse" },
    otherSource: `{ id: "audit", hooks: { PreToolUse: { handler: () => undefined } } }`,
  },
  extra: (payload) => {
    describe("cline: launchers", () => {
      const target = { platform: "cline", event: "PreToolUse", connectorId: "guard", native: false };
      test("POSIX: an odd binary path is quoted for sh", () => {
        expect(renderLauncher("sh", `"/opt/my \\$tools/\\"ac\\""`, target)).toBe(
          `#!/bin/sh\n${marker("PreToolUse")}exec "/opt/my \\$tools/\\"ac\\"" hook cline PreToolUse --connector guard\n`,
        );
      });
      test("Windows: PowerShell (the <Event>.ps1 Cline runs) and cmd, each quoted its own way", () => {
        const invocation = `"C:\\\\Program Files\\\\it's 100%\\\\ac.exe"`;
        expect(renderLauncher("ps1", invocation, target)).toBe(
          `${marker("PreToolUse")}$input | & 'C:\\Program Files\\it''s 100%\\ac.exe' hook cline PreToolUse --connector guard\nexit $LASTEXITCODE\n`,
        );
        expect(renderLauncher("cmd", invocation, target)).toBe(
          `@echo off\r\nrem ${marker("PreToolUse").slice(2, -1)}\r\n"C:\\Program Files\\it's 100%%\\ac.exe" hook cline PreToolUse --connector guard\r\nexit /b %ERRORLEVEL%\r\n`,
        );
      });
      test("a native hook's launcher passes the raw payload through", () => {
        const box = sandbox();
        const config = writeConfig(
          box,
          `{ id: "guard", platforms: { cline: { nativeHooks: { TaskError: { handler: (raw) => ({ seen: raw.hookName }) } } } } }`,
        );
        expect(box.cli(["install", "--config", config, "--platform", "cline"]).exitCode).toBe(0);
        const file = join(userFolder(box), "TaskError");
        expect(box.read(file)).toBe(launcher("TaskError", true));
        const proc = Bun.spawnSync([file], { env: box.env, stdin: Buffer.from(JSON.stringify({ ...payload("SessionStart", box), hookName: "agent_error" })) });
        expect(proc.stdout.toString()).toBe(`{"seen":"agent_error"}\n`);
      });
      test("explain reports that a deny ends Cline's whole run, and what TaskStart drops", () => {
        const box = sandbox();
        const config = writeConfig(box, SOURCE.replace("SessionEnd:", "SessionStart: { handler: () => undefined },\n    SessionEnd:"));
        const plan = JSON.parse(box.cli(["explain", "--config", config, "--json"]).stdout).hosts.find((h: { platform: string }) => h.platform === "cline");
        expect(plan).toMatchObject({ paradigm: "json-stdio", file: userFolder(box) });
        expect(plan.degradations).toContainEqual({
          event: "PreToolUse",
          from: "deny",
          to: "the tool is blocked, but Cline ends the whole run there (the model never sees the reason)",
          certain: true,
        });
        expect(plan.degradations).toContainEqual({
          event: "SessionStart",
          from: "context",
          to: "dropped (the host has no context channel here)",
          certain: false,
        });
      });
      test("a native hook Cline has no file for is reported and ignored", () => {
        const box = sandbox();
        const config = writeConfig(box, `{ id: "guard", platforms: { cline: { nativeHooks: { Elicitation: { handler: () => undefined } } } } }`);
        const result = box.cli(["install", "--config", config, "--platform", "cline"]);
        expect(result.stderr).toContain("Cline: it runs no hook file named Elicitation");
        expect(box.exists(join(userFolder(box), "Elicitation"))).toBe(false);
      });
    });
  },
};
