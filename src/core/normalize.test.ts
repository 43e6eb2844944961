import { expect, test } from "bun:test";
import { join } from "node:path";
import { normalizeEvent, type NormalizeContext } from "./normalize.ts";
import { SNAKE_CASE_PAYLOAD, type PayloadMap } from "./payload-map.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "test", "fixtures");
/** A payload a real host sent (test/fixtures/<host>/<file>). */
const fixture = (host: string, file: string): Promise<Record<string, unknown>> => Bun.file(join(FIXTURES, host, file)).json();

const ctx = (env: Record<string, string> = {}): NormalizeContext => ({
  hostPlatform: "claude-code",
  connectorId: "guard",
  env,
  tools: { tools: { shell: { Bash: { command: "command" } } } },
});

test("Claude Code's PreToolUse: the base fields, the tool, its portable view and the payload as is", async () => {
  const payload = await fixture("claude-code", "PreToolUse.json");
  expect(normalizeEvent("PreToolUse", payload, SNAKE_CASE_PAYLOAD, ctx()) as unknown).toEqual({
    hostPlatform: "claude-code",
    connectorId: "guard",
    sessionId: "3c85a3ab-2621-4a6c-874c-31f2ff177457",
    projectDir: "<CWD>",
    transcriptPath: "<HOME>/.claude/projects/<CWD-SLUG>/3c85a3ab-2621-4a6c-874c-31f2ff177457.jsonl",
    permissionMode: "default",
    toolUseId: "toolu_mock_1",
    toolName: "Bash",
    toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
    tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
    raw: payload,
  });
});

test("a tool's output object is read as its text: stdout, with stderr only when there is some", async () => {
  const event = normalizeEvent("PostToolUse", await fixture("claude-code", "PostToolUse.json"), SNAKE_CASE_PAYLOAD, ctx());
  expect((event as { toolOutput?: string }).toolOutput).toBe("hi");
  expect((event as { isError?: boolean }).isError).toBeUndefined();
});

test("Gemini's failed AfterTool: the error's presence is isError, llmContent the output, a tool of no kind is other", async () => {
  const map: PayloadMap = { ...SNAKE_CASE_PAYLOAD, isError: { paths: ["tool_response.error"], present: true } };
  const event = normalizeEvent("PostToolUse", await fixture("gemini-cli", "AfterTool.error.json"), map, ctx()) as unknown as Record<string, unknown>;
  expect([event.toolName, event.toolOutput, event.isError, event.tool]).toEqual(["read_file", "File not found: <CWD>/missing.txt", true, { kind: "other" }]);
});

test("Cursor's stop: the first path present wins, a count is a flag, an env var wins over the payload", async () => {
  const map: PayloadMap = {
    sessionId: { paths: ["conversation_id", "session_id"] },
    projectDir: { env: ["CURSOR_PROJECT_DIR"], paths: ["workspace_roots.0", "cwd"] },
    stopHookActive: { paths: ["stop_hook_active", "loop_count"], count: true },
  };
  const payload = await fixture("cursor", "stop.json");
  const { raw: _, ...event } = normalizeEvent("Stop", payload, map, ctx()) as unknown as Record<string, unknown>;
  expect(event).toEqual({ hostPlatform: "claude-code", connectorId: "guard", sessionId: "c-41f0", projectDir: "<CWD>", stopHookActive: false });
  expect(normalizeEvent("Stop", { ...payload, loop_count: 2 }, map, ctx({ CURSOR_PROJECT_DIR: "/p" }))).toMatchObject({
    projectDir: "/p",
    stopHookActive: true,
  });
});

test("Copilot's camelCase: host values mapped to ours, a tool input sent as JSON text parsed", async () => {
  const map: PayloadMap = {
    sessionId: { paths: ["sessionId"] },
    source: { paths: ["source"], values: { new: "startup" } },
    toolName: { paths: ["toolName"] },
    toolInput: { paths: ["toolArgs"] },
  };
  expect(normalizeEvent("SessionStart", await fixture("copilot-cli", "sessionStart.json"), map, ctx())).toMatchObject({ source: "startup" });
  const asText = { sessionId: "s", toolName: "bash", toolArgs: '{"command":"ls"}' };
  expect(normalizeEvent("PreToolUse", asText, map, ctx())).toMatchObject({ toolInput: { command: "ls" } });
});

test("Auggie's stand-in for undefined is read as absent, at any depth", async () => {
  const map: PayloadMap = {
    ...SNAKE_CASE_PAYLOAD,
    toolOutput: { paths: ["tool_output"], undefinedAs: "[undefined]" },
    toolInput: { paths: ["tool_input"], undefinedAs: "[undefined]" },
  };
  const payload = { ...(await fixture("auggie", "PreToolUse.json")), tool_input: { command: "ls", cwd: "[undefined]", args: ["a", "[undefined]"] } };
  const event = normalizeEvent("PostToolUse", payload, map, ctx()) as unknown as Record<string, unknown>;
  expect([event.toolOutput, event.toolInput]).toEqual([undefined, { command: "ls", args: ["a", null] }]);
});

test("OpenCode's prompt: the user's text parts, joined; parts the host added are left out", async () => {
  const map: PayloadMap = { sessionId: { paths: ["input.sessionID"] }, prompt: { paths: ["output.parts"], textParts: true } };
  const payload = await fixture("opencode", "chat.message.json");
  expect(normalizeEvent("UserPromptSubmit", payload, map, ctx())).toMatchObject({
    sessionId: "ses_dd613ea15ffeDQunEhIKBC638o",
    prompt: '"Run echo hi using the bash tool."',
  });
  const parts = [
    { type: "text", text: "a" },
    { type: "text", text: "added", synthetic: true },
    { type: "file", text: "x" },
    { type: "text", text: "b" },
  ];
  expect(normalizeEvent("UserPromptSubmit", { output: { parts } }, map, ctx())).toMatchObject({ prompt: "a\nb" });
});

test("lenient: a field of the wrong type is absent or its default, never an error", () => {
  const event = normalizeEvent("SessionStart", { session_id: {}, cwd: 5, source: "reboot" }, SNAKE_CASE_PAYLOAD, ctx()) as unknown as Record<string, unknown>;
  expect([event.sessionId, event.projectDir, event.source]).toEqual(["", undefined, "startup"]);
  expect(normalizeEvent("UserPromptSubmit", { session_id: 42, prompt: 7 }, SNAKE_CASE_PAYLOAD, ctx())).toMatchObject({ sessionId: "42", prompt: "7" });
});

test("what cannot be an event is an error that says why", () => {
  expect(() => normalizeEvent("PreToolUse", [], SNAKE_CASE_PAYLOAD, ctx())).toThrow("stdin is not a JSON object");
  expect(() => normalizeEvent("PreToolUse", null, SNAKE_CASE_PAYLOAD, ctx())).toThrow("stdin is not a JSON object");
  expect(() => normalizeEvent("PreToolUse", { tool_input: {} }, SNAKE_CASE_PAYLOAD, ctx())).toThrow(
    'PreToolUse payload: toolName: Invalid key: Expected "toolName" but received undefined',
  );
});
