import { join, systemFile } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";

// Facts: https://docs.windsurf.com/windsurf/cascade/hooks and …/cascade/mcp (read 2026-11),
// docs/hosts/windsurf.md. The host's docs, not the peer project that lists Windsurf as mcp-only.
// No real-host run (an IDE with sign-in): fixtures written from the docs.

// No tool name in the payload: each kind of tool hook stands for a tool of that name; an MCP
// tool (null: any other name) goes by its own.
const TOOLS = { run_command: "run_command", write_code: "write_code", read_code: "read_code", mcp_tool_use: null } as const;
const hooksOf = (when: "pre" | "post") => Object.fromEntries(Object.entries(TOOLS).map(([kind, tool]) => [`${when}_${kind}`, tool]));
const PRE = hooksOf("pre");
const POST = hooksOf("post");
const TOOL_OF_ACTION = Object.fromEntries(Object.entries({ ...PRE, ...POST }).flatMap(([action, tool]) => (tool ? [[action, tool]] : [])));

export default defineAdapter({
  id: "windsurf",
  name: "Windsurf",
  sources: ["https://docs.windsurf.com/windsurf/cascade/hooks", "https://docs.windsurf.com/windsurf/cascade/mcp"],
  verified: [{ by: "docs", on: "2026-11" }],
  events: {
    UserPromptSubmit: "pre_user_prompt",
    PreToolUse: "pre_run_command",
    PostToolUse: "post_run_command",
    Stop: "post_cascade_response", // after the response, asynchronously: observe only
  },
  // One hook per kind of tool: a PreToolUse handler is written under each its matcher can match.
  fanOut: { PreToolUse: PRE, PostToolUse: POST },
  // snake_case around an event-specific `tool_info`; the conversation is `trajectory_id`.
  payload: {
    sessionId: { paths: ["trajectory_id"] },
    projectDir: { env: ["ROOT_WORKSPACE_PATH"], paths: ["tool_info.cwd"] },
    prompt: { paths: ["tool_info.user_prompt"] },
    // An MCP tool by its own name; the others as run_command, write_code, read_code.
    toolName: { paths: ["tool_info.mcp_tool_name", "agent_action_name"], values: TOOL_OF_ACTION },
    toolInput: { paths: ["tool_info.mcp_tool_arguments", "tool_info"] },
    toolOutput: { paths: ["tool_info.mcp_result"] },
  },
  // stdout is never read (shown in the UI at most); exit 2 blocks the pre-hooks and shows stderr to the agent.
  dialect: exitCodeDialect("windsurf", { UserPromptSubmit: ["deny"], PreToolUse: ["deny"] }),
  nativeMatcher: "none", // no matchers: every call reaches us and we match
  // The names stand for the kinds of hook (TOOLS above); the input is `tool_info` (docs' examples):
  // commands `{command_line, cwd}`, reads `{file_path}` (a file or a folder), writes `{file_path,
  // edits: [{old_string, new_string}]}`, an edit in place whatever the edits. An MCP tool goes by
  // its own name (mcp.toolName), its input the tool's arguments.
  tools: {
    shell: { [TOOLS.run_command]: { command: "command_line", cwd: "cwd" } },
    read: { [TOOLS.read_code]: { filePaths: "file_path" } },
    edit: { [TOOLS.write_code]: { filePaths: "file_path" } },
  },
  nativeHooks: true, // post_cascade_response_with_transcript, post_setup_worktree
  eventNotes: {
    PreToolUse: "the tool name is the kind of hook: run_command, write_code, read_code, or the MCP tool's own name.",
    Stop: "post_cascade_response runs after the response, asynchronously: it observes and cannot keep the agent going.",
  },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s",
      entryKeys: { command: "command" }, // no timeout field: keep hooks fast
      scopes: {
        user: ({ home }) => join(home, ".codeium", "windsurf", "hooks.json"),
        project: ({ projectDir }) => join(projectDir, ".windsurf", "hooks.json"),
        // The system-level file an administrator deploys (docs.windsurf.com/windsurf/cascade/hooks).
        managed: ({ env, os }) =>
          systemFile(
            { linux: "/etc/windsurf/hooks.json", darwin: "/Library/Application Support/Windsurf/hooks.json", win32: "C:\\ProgramData\\Windsurf\\hooks.json" },
            env,
            os,
          ),
      },
    },
  },
  // System, user and workspace hooks are merged: for one event all run, system ones first. No
  // setting keeps only the system ones.
  managedLayer: {
    merge: "merged: for an event the system file's hooks run first, then the user's and the workspace's",
    source: "https://docs.windsurf.com/windsurf/cascade/hooks",
  },
  mcp: { format: "windsurf", scopes: { user: ({ home }) => join(home, ".codeium", "windsurf", "mcp_config.json") }, toolName: "{tool}" },
  detect: { dirs: ({ home }) => [join(home, ".codeium", "windsurf")], bins: ["windsurf"] },
});
