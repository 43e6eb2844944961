import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: aws/amazon-q-developer-cli docs/hooks.md, docs/agent-format.md, docs/agent-file-locations.md,
// docs/default-agent-behavior.md and crates/chat-cli/src/cli/agent/mod.rs (read 2026-11);
// docs/hosts/amazon-q.md. No real-host run (AWS sign-in): fixtures written from the docs.
// The built-in default agent, q_cli_default, lives in memory (mod.rs): a file of that name is used
// only when chat.defaultAgent names it.
const DEFAULT_AGENT = "q_cli_default";
const agentFile = (dir: string, agent: string | undefined) => join(dir, "cli-agents", `${agent}.json`);

export default defineAdapter({
  id: "amazon-q",
  name: "Amazon Q Developer CLI",
  sources: [
    "https://github.com/aws/amazon-q-developer-cli/blob/main/docs/hooks.md",
    "https://github.com/aws/amazon-q-developer-cli/blob/main/docs/agent-format.md",
    "https://github.com/aws/amazon-q-developer-cli/blob/main/docs/default-agent-behavior.md",
    "https://github.com/aws/amazon-q-developer-cli/blob/main/crates/chat-cli/src/cli/chat/tools/tool_index.json", // tools
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { by: "source", on: "2026-11" },
  ],
  events: { SessionStart: "agentSpawn", UserPromptSubmit: "userPromptSubmit", PreToolUse: "preToolUse", PostToolUse: "postToolUse" },
  // snake_case: hook_event_name, cwd, tool_name (MCP: @server/tool), tool_input, tool_response {success, result}; no session id.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    toolOutput: { paths: ["tool_response.result", "tool_response"] },
    isError: { paths: ["tool_response.success"], values: { false: true, true: false } },
  },
  // Exit 2 blocks preToolUse only (stderr to the model); stdout of agentSpawn and userPromptSubmit joins the context.
  dialect: exitCodeDialect("amazon-q", { SessionStart: ["context"], UserPromptSubmit: ["context"], PreToolUse: ["deny"] }),
  // Globs (`fs_*`, `@server/tool`), not regexes and no `a|b` lists: every call reaches us and we match.
  nativeMatcher: "none",
  // The names the model calls, which `tool_name` carries (crates/chat-cli/src/cli/chat/tools/
  // tool_index.json; hooks.md's example is fs_read with `operations`). execute_cmd is the Windows
  // shell tool; gh_issue is called report_issue.
  tools: {
    // use_aws runs an AWS CLI operation ({service_name, operation_name, parameters, region}).
    shell: { execute_bash: { command: "command" }, execute_cmd: { command: "command" }, use_aws: {} },
    // `operations` is a list (Line, Directory, Search, Image): the first one's path(s) only.
    read: { fs_read: { filePaths: { paths: ["operations.0.path", "operations.0.image_paths", "path"], list: true } } },
    // create / str_replace / insert / append: the new text is file_text (create) or new_str.
    write: { fs_write: { filePaths: "path", content: ["file_text", "new_str"] } },
    task: { delegate: { query: "task" } },
    other: {
      report_issue: WHY.remote,
      knowledge: WHY.memory,
      introspect: WHY.hostInfo,
      thinking: WHY.plan,
      todo_list: WHY.plan,
    },
  },
  nativeHooks: false, // four events, all normalized
  hooks: {
    kind: "hook-file",
    file: {
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "ms",
      entryKeys: { command: "command", timeout: "timeout_ms" },
      agent: {
        default: DEFAULT_AGENT,
        missing: (_file, agent) =>
          `there is no agent "${agent}" here: Amazon Q keeps hooks in an agent's file, and install never writes an agent of its own (it would start without tools). ${agent === DEFAULT_AGENT ? "The built-in default agent has no file: create an agent (q agent create --name <name>), make it the default (q settings chat.defaultAgent <name>) and install with --agent <name>" : `Create it first (q agent create --name ${agent}), or name another with --agent`}; nothing was written`,
      },
      scopes: {
        user: ({ home, agent }) => agentFile(join(home, ".aws", "amazonq"), agent),
        project: ({ projectDir, agent }) => agentFile(join(projectDir, ".amazonq"), agent),
      },
    },
  },
  // docs.aws.amazon.com …/command-line-mcp-config-CLI.html: the legacy mcp.json files (agents with useLegacyMcpJson, the default among them).
  mcp: {
    format: "plain",
    scopes: { user: ({ home }) => join(home, ".aws", "amazonq", "mcp.json"), project: ({ projectDir }) => join(projectDir, ".amazonq", "mcp.json") },
    toolName: "@{server}/{tool}",
  },
  detect: { dirs: ({ home }) => [join(home, ".aws", "amazonq")], bins: ["q", "qchat"] },
});
