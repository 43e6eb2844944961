import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { decisionReasonDialect } from "../src/dialects/decision-reason.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.openhands.dev/openhands/usage/customization/hooks, https://docs.openhands.dev/sdk/guides/hooks
// and OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/hooks/{config,executor,types}.py
// (read 2026-11), docs/hosts/openhands.md. No real-host run (a Python app and a model): fixtures
// written from the docs and the SDK's source.
const openhandsDir = ({ home, env }: PathContext) => (env.OPENHANDS_PERSISTENCE_DIR ? absolute(env.OPENHANDS_PERSISTENCE_DIR) : join(home, ".openhands"));

export default defineAdapter({
  id: "openhands",
  name: "OpenHands",
  sources: [
    "https://docs.openhands.dev/openhands/usage/customization/hooks",
    "https://docs.openhands.dev/sdk/guides/hooks",
    "https://github.com/OpenHands/software-agent-sdk/tree/main/openhands-sdk/openhands/sdk/hooks",
    // Tool names and inputs: openhands-tools 1.43.1 (each tool's definition.py) and the SDK's
    // hooks/conversation_hooks.py, which sends the action's fields as tool_input.
    "https://github.com/OpenHands/software-agent-sdk/tree/main/openhands-tools/openhands/tools",
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { by: "source", on: "2026-11", note: "its SDK" },
  ],
  // Failures arrive as PostToolUse with an error in tool_response.
  events: sameNames(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // `event_type`, `working_dir` and the prompt as `message`; the env also names the project.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["OPENHANDS_PROJECT_DIR"], paths: ["working_dir"] }, prompt: { paths: ["message"] } },
  // A tool's name is its class name in snake_case (TerminalTool → terminal); tool_input is the
  // action's model_dump(), so unset fields arrive as null. Legacy names the model may still call
  // (execute_bash, str_replace_editor, bash…) are mapped to terminal / file_editor before any hook.
  // Which tools exist depends on the agent preset: default (terminal, file_editor, task_tracker,
  // browser), gemini (read_file, write_file, edit, list_directory), gpt5 (apply_patch), planning.
  tools: {
    shell: { terminal: { command: "command" } },
    read: { read_file: { filePaths: "file_path" } },
    write: { write_file: { filePaths: "file_path", content: "content" } },
    // file_editor's `command` (view, create, str_replace, insert, undo_edit) picks the operation:
    // one tool name for viewing and writing, declared as edit. planning_file_editor is the same tool
    // limited to PLAN.md.
    edit: {
      file_editor: { filePaths: "path", content: ["file_text", "new_str"] },
      planning_file_editor: { filePaths: "path", content: ["file_text", "new_str"] },
      edit: { filePaths: "file_path", content: "new_string" },
      apply_patch: { filePaths: { paths: ["patch"], patch: true } },
    },
    search: {
      glob: { query: "pattern", filePaths: "path" },
      grep: { query: "pattern", filePaths: "path" },
      list_directory: { filePaths: "dir_path" },
    },
    fetch: { browser_navigate: { url: "url" } },
    // task spawns a sub-agent; workflow runs a Python script that fans work out to sub-agents.
    task: { task: { query: "prompt" }, workflow: {} },
    other: {
      task_tracker: WHY.plan,
      think: WHY.plan,
      finish: WHY.turn,
      invoke_skill: WHY.skill,
      switch_llm: WHY.agents,
      inspect_image_with_vision: WHY.media,
      tom_consult: "asks a model of the user's preferences; runs nothing",
      sleeptime_compute: WHY.turn,
      browser_click: WHY.browser,
      browser_type: WHY.browser,
      browser_get_state: WHY.browser,
      browser_get_content: WHY.browser,
      browser_scroll: WHY.browser,
      browser_go_back: WHY.browser,
      browser_list_tabs: WHY.browser,
      browser_switch_tab: WHY.browser,
      browser_close_tab: WHY.browser,
      browser_get_storage: WHY.browser,
      browser_set_storage: WHY.browser,
      browser_start_recording: WHY.browser,
      browser_stop_recording: WHY.browser,
    },
  },
  // {decision: allow|deny, reason, additionalContext}; exit 2 blocks too. No ask, no input rewrite.
  dialect: decisionReasonDialect("openhands", { UserPromptSubmit: ["deny", "context"], PreToolUse: ["deny"], Stop: ["deny"] }),
  nativeMatcher: "anchored-regex", // a plain name exactly, a pattern as a full match
  nativeHooks: false, // every documented event has a normalized name
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 60
      projectFirst: true, // the SDK loads the first hooks file it finds: the project's, else the user's
      scopes: {
        user: (ctx) => join(openhandsDir(ctx), "hooks.json"),
        project: ({ projectDir }) => join(projectDir, ".openhands", "hooks.json"),
      },
    },
  },
  // The SDK loads the first hooks file it finds, the project's before the user's: not merged.
  notice: {
    user: "OpenHands reads one hooks file, the project's .openhands/hooks.json first: in a project that has one, this user file is not read (install with --scope project there).",
    project: "OpenHands reads one hooks file, this one first: the user's ~/.openhands/hooks.json is no longer read in this project.",
  },
  mcp: { format: "plain", scopes: { user: (ctx) => join(openhandsDir(ctx), "mcp.json") }, toolName: "{tool}" },
  detect: { dirs: (ctx) => [openhandsDir(ctx)], bins: ["openhands"] },
});
