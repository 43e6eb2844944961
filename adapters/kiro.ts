import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: Kiro CLI v3 hooks files, https://kiro.dev/docs/cli/v3/hooks/ (read 2026-11), and the
// 2.x reference https://kiro.dev/docs/cli/hooks for the payload and the plain-stdout context;
// docs/hosts/kiro.md. Followed: v3's standalone files (they apply to every agent), not the 2.x
// hooks inside an agent file. User level: Kiro's CLI changelog for 2.13.0 (v3 "Global Hooks")
// says hook files in ~/.kiro/hooks/ fire in every workspace, next to the workspace's own; the hooks
// pages still name only .kiro/hooks/. A third party saw 2.14.2 fire both scopes (`notice`).
// No real-host run (sign-in): fixtures written from the docs.
export default defineAdapter({
  id: "kiro",
  name: "Kiro CLI",
  sources: [
    "https://kiro.dev/docs/cli/v3/hooks/",
    "https://kiro.dev/docs/cli/hooks",
    // The user-level hooks folder ~/.kiro/hooks/ (v3 global hooks, from 2.13.0), read 2026-12-06.
    "https://kiro.dev/changelog/cli/2-13/",
    // Tools: the built-in tools and permissions pages (names), Amazon Q CLI's tool_index.json (inputs).
    "https://kiro.dev/docs/cli/reference/built-in-tools",
    "https://kiro.dev/docs/cli/chat/permissions",
    "https://github.com/aws/amazon-q-developer-cli/blob/main/crates/chat-cli/src/cli/chat/tools/tool_index.json",
  ],
  verified: [
    { by: "docs", on: "2026-11", note: "v3 hooks files" },
    { by: "docs", on: "2026-12-06", note: "user-level ~/.kiro/hooks/: CLI changelog 2.13.0" },
  ],
  // v3 triggers; Stop is described as "session ends" in v3 and as the end of a turn in 2.x.
  events: sameNames(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // snake_case as 2.x: hook_event_name, cwd, tool_name, tool_input, tool_response {success, result}, prompt; no session id.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    toolOutput: { paths: ["tool_response.result", "tool_response"] },
    isError: { paths: ["tool_response.success"], values: { false: true, true: false } },
  },
  // Exit 2 blocks PreToolUse and UserPromptSubmit (stderr to the model); plain stdout of session
  // start and prompt submit is added to the context. No JSON reply is read.
  dialect: exitCodeDialect("kiro", { SessionStart: ["context"], UserPromptSubmit: ["deny", "context"], PreToolUse: ["deny"] }),
  // v3 files: "Tool name (regex)", e.g. "fs_write|str_replace". `@server`, `@server/tool` and
  // `@builtin` are the words of the 2.x hooks inside an agent file and of its `tools` list, which
  // we do not write; MCP tools reach a v3 hook as `@server/tool` (mcp.toolName), so `@mcp` is written
  // as the regex `^(?:@.+/.+)$` (rechecked 2026-12-06, issue 47).
  nativeMatcher: "search-regex",
  // Amazon Q CLI's built-ins under their names there (fs_read, …: the hooks docs' examples and the
  // permissions page), and the short names Kiro's built-in tools page gives the same tools (read,
  // write, shell, aws): which of the two `tool_name` carries is not documented, so both are here.
  // Inputs follow Q's tool_index.json; grep, glob, web_fetch and web_search are Kiro's own, their
  // fields assumed (pattern, path, url, query) for want of a published schema.
  tools: {
    // use_aws (aws) runs an AWS CLI operation ({service_name, operation_name, parameters, region}).
    shell: { execute_bash: { command: "command" }, execute_cmd: { command: "command" }, shell: { command: "command" }, use_aws: {}, aws: {} },
    read: {
      fs_read: { filePaths: { paths: ["operations.0.path", "operations.0.image_paths", "path"], list: true } },
      read: { filePaths: { paths: ["operations.0.path", "operations.0.image_paths", "path"], list: true } },
    },
    write: {
      fs_write: { filePaths: "path", content: ["file_text", "new_str"] },
      write: { filePaths: "path", content: ["file_text", "new_str"] },
    },
    search: { grep: { query: "pattern", filePaths: "path" }, glob: { query: "pattern", filePaths: "path" } },
    fetch: { web_fetch: { url: "url" }, web_search: { query: "query" } },
    task: { delegate: { query: "task" }, subagent: {} },
    other: {
      code: WHY.lsp,
      report_issue: WHY.remote,
      knowledge: WHY.memory,
      introspect: WHY.hostInfo,
      thinking: WHY.plan,
      todo_list: WHY.plan,
    },
  },
  nativeHooks: true, // PreTaskExec, PostTaskExec, PostFileCreate, PostFileSave, PostFileDelete, Manual
  nativeEvents: ["PreTaskExec", "PostTaskExec", "PostFileCreate", "PostFileSave", "PostFileDelete", "Manual"],
  eventNotes: { Stop: "Kiro v3 describes Stop as the end of the session (2.x: the end of a turn); it observes only." },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "json-hook-list",
      root: ["hooks"],
      header: { version: "v1" },
      timeoutUnit: "s",
      entryKeys: { event: "trigger", command: "action.command", type: "command", timeout: "timeout" },
      handlerExtras: ({ connectorId, event }) => ({ name: `agent-connector-${connectorId}-${event}` }),
      owned: true, // one file per connector in the hooks folder, ours alone
      scopes: {
        user: ({ home }, id) => join(home, ".kiro", "hooks", `agent-connector-${id}.json`),
        project: ({ projectDir }, id) => join(projectDir, ".kiro", "hooks", `agent-connector-${id}.json`),
      },
    },
  },
  notice: {
    user: "Kiro CLI runs the hooks files of ~/.kiro/hooks/ in every workspace from 2.13.0 on (v3 hooks); an older kiro-cli runs only the workspace's .kiro/hooks/: update it, or install with --scope project.",
  },
  // kiro.dev/docs/mcp/configuration: user and workspace mcp.json, `mcpServers`; no variable expansion documented.
  mcp: {
    format: "plain",
    scopes: { user: ({ home }) => join(home, ".kiro", "settings", "mcp.json"), project: ({ projectDir }) => join(projectDir, ".kiro", "settings", "mcp.json") },
    toolName: "@{server}/{tool}",
  },
  detect: { dirs: ({ home }) => [join(home, ".kiro")], bins: ["kiro-cli"] },
});
