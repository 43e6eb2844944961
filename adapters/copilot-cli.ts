import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import type { EventName } from "../src/events.ts";
import { topLevelPermissionDialect } from "../src/dialects/top-level-permission.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD, type PayloadMap } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";
import { WHOLE_INPUT } from "../src/tools/vocabulary.ts";

// Facts: docs/hosts/copilot-cli.md (real run of @github/copilot 1.0.102), then
// https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference and
// …/cli-config-dir-reference.
const copilotHome = ({ home, env }: { home: string; env: Record<string, string | undefined> }) => env.COPILOT_HOME || join(home, ".copilot");

/** Our own file in a hooks directory: Copilot loads every *.json there, so removal deletes it. */
const ownFile = (dir: string, connectorId: string) => join(dir, `agent-connector-${connectorId}.json`);

const NEW_IS_STARTUP = { new: "startup" }; // `-p` sessions start with source "new" (docs/hosts/copilot-cli.md)
// toolResult.resultType: "success" or one of the failures (docs; Copilot SDK ToolResultType).
const RESULT_IS_ERROR = { success: false, failure: true, error: true, denied: true, rejected: true, timeout: true };

/**
 * The "VS Code compatible" payload Copilot sends for PascalCase keys (docs/hosts/copilot-cli.md):
 * snake_case, tools under Claude's names (`Bash`), `tool_result` instead of `tool_response`.
 * Copilot uses it when it runs Claude Code's `.claude/settings.json` or VS Code's hook files.
 */
const PASCAL_PAYLOAD: PayloadMap = {
  ...SNAKE_CASE_PAYLOAD,
  projectDir: { env: ["COPILOT_PROJECT_DIR"], paths: ["cwd"] },
  source: { paths: ["source"], values: NEW_IS_STARTUP },
  toolOutput: { paths: ["tool_result.text_result_for_llm"] },
  isError: { paths: ["tool_result.result_type"], values: RESULT_IS_ERROR },
  agentType: { paths: ["agent_name"] },
};

const PASCAL_EVENTS: EventName[] = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "Stop",
  "PostToolUseFailure",
  "SubagentStop",
];

/**
 * preToolUse `modifiedArgs` stands alone: with no permissionDecision the new arguments still go
 * through Copilot's permission flow (real run, 1.0.102: a -p run without --allow-all-tools refused the
 * rewritten command, which the model saw). An ask beside it is unchecked: declared as dropped.
 */
const COPILOT_REWRITE = { alone: "neutral", withAsk: false } as const;

export default defineAdapter({
  id: "copilot-cli",
  name: "GitHub Copilot CLI",
  sources: [
    "@github/copilot@1.0.102 real run, 2026-12-05 (preToolUse modifiedArgs with no permissionDecision: the new command runs under --allow-all-tools and is refused, unasked, without it; with allow it runs): a modify is the neutral rewrite",
    "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference",
    "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-config-dir-reference",
    "@github/copilot@1.0.102 (its runtime's tool schemas and prompts: tool names beyond the docs' list, inputs)",
    "@github/copilot-linux-x64@1.0.102 (its embedded runtime, read 2026-12-06: the hook input structs PreToolUseInput, PostToolUseInput, PostToolUseFailureInput hold the documented fields only): no tool call id to map",
  ],
  // Its hooks reference: a preToolUse command hook that crashes or exits non-zero blocks the tool, one that times out does not.
  hostFailClosed: {
    events: ["preToolUse"],
    covers: "Copilot CLI itself blocks the tool when a preToolUse hook crashes or exits non-zero, not when it times out",
    source: "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference",
  },
  verified: [
    { version: "1.0.102", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@github/copilot", run: true },
  // The spelling of the key picks the dialect. We install camelCase: the real 1.0.102 honours
  // `{"permissionDecision":"deny"}` on camelCase preToolUse (docs/hosts/copilot-cli.md), the newest docs
  // document camelCase first, 1.0.63 silently dropped every non-camelCase key
  // (github/copilot-cli#3872), and only camelCase has permissionRequest, notification and
  // subagentStart. PascalCase (Claude-shaped replies) is what Copilot speaks to other hosts' files: `guest`.
  events: {
    SessionStart: "sessionStart",
    SessionEnd: "sessionEnd",
    UserPromptSubmit: "userPromptSubmitted",
    PreToolUse: "preToolUse",
    PostToolUse: "postToolUse", // success only
    PreCompact: "preCompact",
    Stop: "agentStop",
    Notification: "notification", // async, fire-and-forget
    // Fires BEFORE the permission service, even under --allow-all-tools (real run, docs/hosts/copilot-cli.md).
    PermissionRequest: "permissionRequest",
    PostToolUseFailure: "postToolUseFailure",
    SubagentStart: "subagentStart",
    SubagentStop: "subagentStop",
  },
  // camelCase payload (docs/hosts/copilot-cli.md): `toolArgs` is an object in 1.0.102 though
  // docs allow a JSON string (event-schema parses both); `stop_hook_active` on agentStop is
  // observed but undocumented (real run); permissionRequest says `toolInput`. No tool call id on
  // any tool event, camelCase or PascalCase: not in the docs' input types, not in the captured
  // payloads, and the 1.0.102 binary's hook input structs count exactly the documented fields
  // (PreToolUseInput 5, PostToolUseInput and PostToolUseFailureInput 6): toolUseId stays unmapped.
  payload: {
    sessionId: { paths: ["sessionId"] },
    projectDir: { env: ["COPILOT_PROJECT_DIR"], paths: ["cwd"] },
    transcriptPath: { paths: ["transcriptPath"] }, // test/fixtures/copilot-cli/preToolUse.json (1.0.102)
    source: { paths: ["source"], values: NEW_IS_STARTUP },
    reason: { paths: ["reason"] },
    prompt: { paths: ["prompt"] },
    toolName: { paths: ["toolName"] },
    toolInput: { paths: ["toolArgs", "toolInput"] },
    toolOutput: { paths: ["toolResult.textResultForLlm"] },
    isError: { paths: ["toolResult.resultType"], values: RESULT_IS_ERROR },
    error: { paths: ["error"] },
    trigger: { paths: ["trigger"] },
    stopHookActive: { paths: ["stop_hook_active"] },
    message: { paths: ["message"] },
    notificationType: { paths: ["notification_type"] }, // snake_case here too (test/fixtures/copilot-cli/notification.json)
    permissionSuggestions: { paths: ["permissionSuggestions"] },
    agentType: { paths: ["agentName"] },
  },
  // The docs say output is ignored for sessionStart and userPromptSubmitted, but the real 1.0.102
  // feeds their `additionalContext` to the model (sessionStart: a user message; userPromptSubmitted:
  // a <system_reminder> after the prompt; test/hosts e2e run). sessionEnd and preCompact output is
  // ignored; postToolUse replacement is for SDK hooks only; no context on preToolUse (docs).
  dialect: topLevelPermissionDialect(
    "copilot-cli",
    {
      SessionStart: ["context"],
      UserPromptSubmit: ["context"],
      PreToolUse: ["allow", "deny", "ask", "modify"],
      PermissionRequest: ["allow", "deny"], // no ask: no reply = Copilot's normal flow
      Stop: ["deny"],
      SubagentStop: ["deny"],
      PostToolUseFailure: ["context"],
      SubagentStart: ["context"], // prepended to the subagent's prompt; cannot block
      Notification: ["context"], // injected as a user message
    },
    COPILOT_REWRITE,
  ),
  // Anchored `^(?:p)$` regexes, documented for permissionRequest (tool name) and subagentStart
  // (agent name) only; preToolUse & co. are filtered at run time. Never `"matcher": ""`: it fails
  // the schema and Copilot drops the whole file (docs/hosts/copilot-cli.md).
  nativeMatcher: "anchored-regex",
  // Names: the cli-hooks-reference's "Tool names for hook matching" (bash, powershell, view, create,
  // edit, glob, grep, web_fetch, task, ask_user), plus tools @github/copilot@1.0.102 offers some
  // models (its runtime's tool schemas and prompts: rg, apply_patch, str_replace_editor, read_bash, …).
  // Inputs: those schemas; the real run's bash args were {command, description}. These are the
  // camelCase payload's names; Claude's files get Claude's names (`guest` below). MCP: `<server>-<tool>`.
  tools: {
    shell: {
      bash: { command: "command" },
      powershell: { command: "command" },
      // Text typed into a running bash/PowerShell session (`{shellId, input}`): it runs there.
      write_bash: { command: "input" },
      write_powershell: { command: "input" },
    },
    read: { view: { filePaths: "path" } },
    write: { create: { filePaths: "path", content: "file_text" } },
    edit: {
      edit: { filePaths: "path", content: "new_str" },
      // One tool for view/create/str_replace/insert (`command` says which); edits are its purpose.
      str_replace_editor: { filePaths: "path", content: ["new_str", "file_text"] },
      // A freeform tool for GPT models: its input is the bare patch text (an object's `input` in
      // case a build wraps it); the paths are those its envelope names.
      apply_patch: { filePaths: { paths: [WHOLE_INPUT, "input"], patch: true } },
    },
    search: {
      // `paths`: one directory or a list (older builds: `path`).
      glob: { query: "pattern", filePaths: { paths: ["paths", "path"], list: true } },
      grep: { query: "pattern", filePaths: { paths: ["paths", "path"], list: true } },
      rg: { query: "pattern", filePaths: { paths: ["paths", "path"], list: true } }, // grep's name for GPT models
    },
    fetch: { web_fetch: { url: "url" } },
    task: { task: { query: "prompt" } },
    other: {
      ask_user: WHY.asks,
      exit_plan_mode: WHY.plan,
      fetch_copilot_cli_documentation: WHY.hostInfo,
      list_agents: WHY.agents,
      list_bash: WHY.jobOutput,
      list_powershell: WHY.jobOutput,
      read_agent: WHY.agents,
      read_bash: WHY.jobOutput,
      read_powershell: WHY.jobOutput,
      report_intent: WHY.plan,
      skill: WHY.skill,
      sql: "queries the session's own SQLite store (todos, notes); touches no project file",
      stop_bash: WHY.jobStop,
      stop_powershell: WHY.jobStop,
      update_todo: WHY.plan,
      view_image: WHY.media,
      write_agent: WHY.agents,
    },
  },
  invalidEntrySkips: "file", // an entry failing the schema drops the whole file (docs/hosts/copilot-cli.md)
  nativeMatcherEvents: ["PermissionRequest", "SubagentStart"],
  nativeHooks: true, // e.g. errorOccurred, userPromptTransformed (observed, undocumented)
  hooks: {
    kind: "hook-file",
    file: {
      // Windows runs an entry's `powershell` command (cli-hooks-reference); `bash` elsewhere.
      windows: { shell: "powershell", commandKey: "powershell" },
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s",
      entryKeys: { type: "command", command: "bash", timeout: "timeoutSec" },
      header: { version: 1 },
      owned: true,
      scopes: {
        user: (ctx, id) => ownFile(join(copilotHome(ctx), "hooks"), id),
        // Also read by VS Code and by Copilot cloud agent (from the default branch).
        project: ({ projectDir }, id) => ownFile(join(projectDir, ".github", "hooks"), id),
      },
    },
  },
  // docs.github.com Copilot CLI: `$COPILOT_HOME/mcp-config.json`; in a project `.mcp.json` or
  // `.github/mcp.json`. The latter, so that Claude Code's project `.mcp.json` keeps its own shape.
  mcp: {
    format: "copilot",
    scopes: { user: (ctx) => join(copilotHome(ctx), "mcp-config.json"), project: ({ projectDir }) => join(projectDir, ".github", "mcp.json") },
    toolName: "{server}-{tool}",
  },
  detect: { dirs: (ctx) => [copilotHome(ctx)], bins: ["copilot"] },
  alsoRuns: [
    // cli-config-dir-reference; executed for real in 1.0.102, trusted folders only (docs/hosts/copilot-cli.md).
    { platform: "claude-code", scopes: ["project"], when: "in trusted folders" },
    // VS Code's files live in Copilot's own hooks directories (~/.copilot/hooks, .github/hooks).
    { platform: "vscode-copilot", scopes: ["user", "project"] },
    // JetBrains' PascalCase files share .github/hooks.
    { platform: "jetbrains-copilot", scopes: ["project"] },
  ],
  // COPILOT_CLI=1 in every hook process (real run), and a `timestamp` in both payloads,
  // which Claude Code's lack (docs/hosts/copilot-cli.md, claude-code.md).
  marker: { env: ["COPILOT_CLI"], payloadKeys: ["timestamp"] },
  guest: {
    // The PascalCase keys are the normalized names; no Notification, PermissionRequest, SubagentStart.
    events: Object.fromEntries(PASCAL_EVENTS.map((event) => [event, event])),
    payload: PASCAL_PAYLOAD,
    // The Claude-shaped deny works on PascalCase PreToolUse (docs/hosts/copilot-cli.md); ask and updatedInput
    // there are third-party reports; stops keep going with `decision: "block"` (docs).
    dialect: hookSpecificOutputDialect("copilot-cli", {
      PreToolUse: ["allow", "deny", "ask", "modify"],
      Stop: ["deny"],
      SubagentStop: ["deny"],
    }),
    // In Claude's files Copilot names its tools as Claude does (`Bash` for its bash: real run of
    // 1.0.102, test/fixtures/copilot-cli/claude-format; its runtime pairs bash/Bash and
    // powershell/PowerShell) and keeps its own arguments. Only Bash was captured: the others are
    // Claude's name for the same tool, with Copilot's and Claude's spelling of each field.
    tools: {
      shell: { Bash: { command: "command" }, PowerShell: { command: "command" } },
      read: { Read: { filePaths: ["path", "file_path"] } },
      write: { Write: { filePaths: ["path", "file_path"], content: ["file_text", "content"] } },
      edit: { Edit: { filePaths: ["path", "file_path"], content: ["new_str", "new_string"] } },
      search: {
        Glob: { query: "pattern", filePaths: { paths: ["paths", "path"], list: true } },
        Grep: { query: "pattern", filePaths: { paths: ["paths", "path"], list: true } },
      },
      fetch: { WebFetch: { url: "url" } },
      task: { Task: { query: "prompt" } },
    },
  },
});
