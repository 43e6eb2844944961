import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { crushDialect } from "../src/dialects/crush.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: charmbracelet/crush docs/hooks/README.md, internal/hooks/{hooks,input,runner}.go,
// internal/config/load.go (v0.90.0 and the nightly of 2026-08-21); docs/hosts/crush.md. The fact
// sheet lists 13 events from a newer built-in skill, which says an unknown event name is a config
// error: every release we could read knows PreToolUse only, so nothing else is ever written.
const crushConfigDir = ({ home, env }: PathContext) =>
  env.CRUSH_GLOBAL_CONFIG ? absolute(env.CRUSH_GLOBAL_CONFIG) : join(env.XDG_CONFIG_HOME ? absolute(env.XDG_CONFIG_HOME) : join(home, ".config"), "crush");

export default defineAdapter({
  id: "crush",
  name: "Crush",
  sources: [
    "https://github.com/charmbracelet/crush/blob/main/docs/hooks/README.md",
    "https://github.com/charmbracelet/crush/tree/main/internal/hooks",
    "https://github.com/charmbracelet/crush#mcps",
    "https://github.com/charmbracelet/crush/blob/main/internal/config/resolve.go",
    "https://github.com/charmbracelet/crush/tree/main/internal/agent/tools (tool names and params: the tool vocabulary)",
  ],
  verified: [
    { version: "0.90.0", by: "source", on: "2026-12-04" },
    { by: "source", on: "2026-08-21", note: "the nightly of that day" },
    { by: "docs", on: "2026-12-04" },
  ],
  // Top-level agent's tool calls only (a subagent's own calls are not hooked).
  events: { PreToolUse: "PreToolUse" },
  // The event is under `event`, not hook_event_name; Crush exports the project dir.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["CRUSH_PROJECT_DIR"], paths: ["cwd"] } },
  // No ask: silence already means "the normal permission prompt".
  dialect: crushDialect("crush", { PreToolUse: ["allow", "deny", "modify", "context"] }),
  // Go regexp (RE2), searched anywhere in the name; a pattern Go cannot compile fails Crush's whole config.
  nativeMatcher: "search-name-list",
  nativeHooks: false, // no host-only event in any release we could read
  // internal/agent/tools/*.go (each `<Name>ToolName` and its `<Name>Params`) and agent_tool.go,
  // agentic_fetch_tool.go (nightly of 2026-08-21); `tool_input` is the call's raw JSON args.
  tools: {
    shell: { bash: { command: "command", cwd: "working_dir" } },
    read: { view: { filePaths: "file_path" } },
    write: { write: { filePaths: "file_path", content: "content" } },
    edit: {
      edit: { filePaths: "file_path", content: "new_string" },
      multiedit: { filePaths: "file_path" },
      lsp_replace_symbol: { filePaths: "file_path", content: "replacement" },
    },
    search: { grep: { query: "pattern", filePaths: "path" }, glob: { query: "pattern", filePaths: "path" }, ls: { filePaths: "path" } },
    // `download` also writes the fetched file to `file_path`; `sourcegraph` searches public code
    // on sourcegraph.com; web_fetch and web_search are the agentic_fetch sub-agent's own tools.
    fetch: {
      fetch: { url: "url" },
      agentic_fetch: { url: "url", query: "prompt" },
      download: { url: "url", filePaths: "file_path" },
      sourcegraph: { query: "query" },
      web_fetch: { url: "url" },
      web_search: { query: "query" },
    },
    task: { agent: { query: "prompt" } },
    other: {
      todos: WHY.plan,
      question: WHY.asks,
      job_output: WHY.jobOutput,
      job_kill: WHY.jobStop,
      lsp_diagnostics: WHY.lsp,
      lsp_references: WHY.lsp,
      lsp_definition: WHY.lsp,
      lsp_symbols: WHY.lsp,
      lsp_call_hierarchy: WHY.lsp,
      lsp_rename: WHY.lsp,
      lsp_restart: WHY.lsp,
      list_mcp_resources: WHY.mcp,
      read_mcp_resource: WHY.mcp,
      crush_info: WHY.hostInfo,
      crush_logs: WHY.hostInfo,
    },
  },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s", // default 30
      scopes: {
        user: (ctx) => join(crushConfigDir(ctx), "crush.json"),
        // Crush also reads .crush.json (which wins over crush.json in the same folder).
        project: ({ projectDir }) => join(projectDir, "crush.json"),
      },
    },
  },
  // Crush's README (MCPs) and internal/config/resolve.go: `mcp` in the same crush.json files, typed
  // entries, `$VAR` / `${VAR}` expanded anywhere in a value.
  mcp: {
    format: "crush",
    scopes: { user: (ctx) => join(crushConfigDir(ctx), "crush.json"), project: ({ projectDir }) => join(projectDir, "crush.json") },
    toolName: "mcp_{server}_{tool}",
  },
  detect: { dirs: (ctx) => [crushConfigDir(ctx), join(ctx.home, ".local", "share", "crush")], bins: ["crush"] },
});
