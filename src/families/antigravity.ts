import { join } from "../paths.ts";
import { defineAdapter, type Adapter, type AdapterSpec, type PathContext } from "../adapter.ts";
import { sameNames } from "../events.ts";
import { decisionReasonDialect } from "../dialects/decision-reason.ts";
import type { ToolVocabulary } from "../tools/vocabulary.ts";
import { WHY } from "../tools/other-reasons.ts";

/**
 * What Google Antigravity's IDE and its CLI (`agy`) share. Antigravity has no public hooks
 * reference: this follows third-party runs of agy 1.0.x (DefenseClaw's connector notes, WebSentry's
 * setup PR, docs/hosts/antigravity.md): a Claude-style `{"hooks": {Event: [{matcher, hooks}]}}`
 * file, camelCase payloads `{conversationId, toolCall: {name, args}, workspacePaths}`, a
 * `{decision, reason}` reply. Only PreToolUse and PostToolUse were seen to run; SessionStart,
 * Stop and the prompt events parse but never run, so they are not wired.
 */
export const ANTIGRAVITY_PROJECT_HOOKS = ({ projectDir }: PathContext): string => join(projectDir, ".agents", "hooks.json");

/** Where the IDE's and agy's shared facts come from, and what they were checked against: no official docs. */
const ANTIGRAVITY_SOURCES = [
  "https://cisco-ai-defense.github.io/defenseclaw/docs/connectors/antigravity/",
  "https://github.com/websentry-ai/setup/pull/104",
  // Tools (ANTIGRAVITY_TOOLS below): no Google list for the IDE or agy; third-party captures of
  // agy 1.1.27 followed, with the built-in names of Google's own SDK added.
  "https://github.com/google-antigravity/antigravity-sdk-python/blob/main/google/antigravity/types.py",
];
const ANTIGRAVITY_VERIFIED: AdapterSpec["verified"] = [{ version: "1.0.0", by: "third-party run", on: "2026-11", note: "agy 1.0.x; no official docs" }];

export interface AntigravityHost<Id extends string, Ref extends string> extends Pick<AdapterSpec<Id, Ref>, "id" | "name" | "detect" | "alsoRuns" | "version"> {
  /** The user-level folder holding hooks.json and mcp_config.json. */
  userDir: (ctx: PathContext) => string;
}

/**
 * The agent's tools, which the IDE and agy share (Google publishes no list): the tool list agy
 * 1.1.27 announces at start (third-party capture of its stream-json `init`), their PascalCase
 * arguments as seen in captured tool calls and transcripts (`CommandLine`, `Cwd`, `AbsolutePath`,
 * `DirectoryPath`, `TargetFile`, `SearchDirectory`, `SearchPath`, `Query`, `Pattern`, `Url`). Tools
 * whose arguments no capture shows have no fields, or (the file tools) a list of likely keys.
 * codebase_search is an earlier report's name. Google's Antigravity SDK (its BuiltinTools) names
 * the harness's built-ins view_file, create_file, edit_file, list_directory, search_directory,
 * find_file, run_command, start_subagent…, and agy 1.5 allowlists take read_file and write_file:
 * those names are here too, though no hook payload has shown them yet.
 */
const FILE_PATH = ["AbsolutePath", "TargetFile", "FilePath", "file_path"];
const ANTIGRAVITY_TOOLS: ToolVocabulary = {
  // send_command_input types into a running command (`Input`, PascalCase as its siblings);
  // notebook_execution runs a notebook's cells; execute_browser_javascript runs script in a page.
  shell: {
    run_command: { command: "CommandLine", cwd: "Cwd" },
    send_command_input: { command: "Input" },
    notebook_execution: {},
    execute_browser_javascript: {},
  },
  read: { view_file: { filePaths: "AbsolutePath" }, read_file: { filePaths: FILE_PATH } },
  write: {
    write_to_file: { filePaths: "TargetFile", content: "CodeContent" },
    write_file: { filePaths: FILE_PATH },
    create_file: { filePaths: FILE_PATH },
  },
  edit: {
    replace_file_content: { filePaths: "TargetFile", content: "ReplacementContent" },
    multi_replace_file_content: { filePaths: "TargetFile" }, // ReplacementChunks[]
    edit_file: { filePaths: FILE_PATH },
    // No capture shows their arguments: the file tools' likely keys, as for edit_file.
    sed_file: { filePaths: FILE_PATH },
    notebook_edit: { filePaths: FILE_PATH },
  },
  search: {
    grep_search: { query: "Query", filePaths: "SearchPath" },
    find_by_name: { query: "Pattern", filePaths: "SearchDirectory" },
    list_dir: { filePaths: "DirectoryPath" },
    codebase_search: { query: "Query" },
    list_directory: { filePaths: ["DirectoryPath", "directory_path"] },
    search_directory: { query: ["Query", "query"], filePaths: ["SearchPath", "DirectoryPath", "directory_path"] },
    find_file: { query: ["Pattern", "Query", "query"], filePaths: ["SearchDirectory", "DirectoryPath", "file_path"] },
  },
  fetch: { read_url_content: { url: "Url" }, search_web: { query: ["query", "Query"] } },
  task: { invoke_subagent: {}, start_subagent: {}, browser_subagent: {} },
  other: {
    ask_custom_permission: WHY.asks,
    ask_permission: WHY.asks,
    ask_question: WHY.asks,
    command_status: WHY.jobOutput,
    define_subagent: WHY.agents,
    manage_subagents: WHY.agents,
    manage_task: WHY.plan,
    manage_inbox: WHY.agents,
    send_message: WHY.agents,
    schedule: WHY.schedule,
    wait: WHY.agents,
    wait_5_seconds: WHY.turn,
    finish: WHY.turn,
    generate_image: WHY.media,
    delete_knowledge: WHY.memory,
    list_permissions: WHY.hostInfo,
    list_resources: WHY.mcp,
    read_resource: WHY.mcp,
    open_browser_url: WHY.browser,
    read_browser_page: WHY.browser,
    list_browser_pages: WHY.browser,
    browser_click_element: WHY.browser,
    browser_drag_pixel_to_pixel: WHY.browser,
    browser_get_dom: WHY.browser,
    browser_get_network_request: WHY.browser,
    browser_input: WHY.browser,
    browser_list_network_requests: WHY.browser,
    browser_mouse_down: WHY.browser,
    browser_mouse_up: WHY.browser,
    browser_move_mouse: WHY.browser,
    browser_press_key: WHY.browser,
    browser_refresh_page: WHY.browser,
    browser_resize_window: WHY.browser,
    browser_scroll: WHY.browser,
    browser_scroll_dom: WHY.browser,
    browser_select_option: WHY.browser,
    capture_browser_console_logs: WHY.browser,
    capture_browser_screenshot: WHY.browser,
    click_browser_pixel: WHY.browser,
  },
  // Every MCP call is the one tool call_mcp_tool ({ServerName, ToolName, Arguments}): the name says
  // neither the server nor the tool.
  mcp: "call_mcp_tool",
};

export const defineAntigravityAdapter = <const Id extends string, const Ref extends string = never>(host: AntigravityHost<Id, Ref>): Adapter<Id, Ref> =>
  defineAdapter<Id, Ref>({
    id: host.id,
    name: host.name,
    sources: ANTIGRAVITY_SOURCES,
    verified: ANTIGRAVITY_VERIFIED,
    ...(host.version ? { version: host.version } : {}),
    events: sameNames(["PreToolUse", "PostToolUse"]),
    payload: {
      // The reported shape first, then the Claude-style names the peer project expects.
      sessionId: { paths: ["conversationId", "sessionId"] },
      projectDir: { paths: ["workspacePaths.0", "cwd"] },
      transcriptPath: { paths: ["transcriptPath"] }, // test/fixtures/antigravity/PreToolUse.json
      toolName: { paths: ["toolCall.name", "toolName"] },
      toolInput: { paths: ["toolCall.args", "toolInput"] },
      toolOutput: { paths: ["toolOutput", "output"] },
      isError: { paths: ["error"], present: true },
    },
    // An allow does not skip Antigravity's own review; ask (and force_ask) prompts. Malformed output fails closed.
    dialect: decisionReasonDialect(host.id, { PreToolUse: ["deny", "ask"] }),
    nativeMatcher: "search-regex", // a regex on the tool name, "" for every tool
    tools: ANTIGRAVITY_TOOLS,
    nativeHooks: false,
    hooks: {
      kind: "hook-file",
      file: {
        layout: "nested-matcher-groups",
        root: ["hooks"],
        timeoutUnit: "s",
        scopes: { user: (ctx) => join(host.userDir(ctx), "hooks.json"), project: ANTIGRAVITY_PROJECT_HOOKS },
      },
    },
    notice: `${host.name}'s hooks are not documented by Google: this follows third-party runs of agy 1.0.x, where PreToolUse and PostToolUse ran; check that your hooks fire (agent-connector doctor).`,
    mcp: {
      format: "antigravity",
      scopes: { user: (ctx) => join(host.userDir(ctx), "mcp_config.json"), project: ({ projectDir }) => join(projectDir, ".agents", "mcp_config.json") },
      toolName: "{tool}",
    },
    detect: host.detect,
    ...(host.alsoRuns ? { alsoRuns: host.alsoRuns } : {}),
  });
