import { absolute, join, systemFile } from "../src/paths.ts";
import { defineAdapter, type HookSwitch, type PathContext } from "../src/adapter.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { withExtras } from "../src/dialects/extras.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://developers.openai.com/codex/hooks, openai/codex codex-rs/hooks (engine/discovery.rs,
// engine/output_parser.rs), docs/hosts/codex.md (real run of codex 0.171.0).
const codexHome = ({ home, env }: PathContext) => (env.CODEX_HOME ? absolute(env.CODEX_HOME) : join(home, ".codex"));

// Hooks are a feature, on by default since they went stable: `[features] hooks = false` (or its
// legacy alias `codex_hooks`) in a config layer turns them all off (codex-rs/features/src/lib.rs,
// FeatureSpec CodexHooks). A project's .codex/config.toml counts in trusted projects only.
const FEATURES_SOURCE = "https://github.com/openai/codex/blob/main/codex-rs/features/src/lib.rs";
const featureOff = (layer: "user" | "project", file: (ctx: PathContext) => string): HookSwitch[] =>
  ["hooks", "codex_hooks"].map((key) => ({
    layer,
    file,
    format: "toml",
    key: ["features", key],
    value: false,
    effect: "off",
    does: "switches Codex hooks off",
    source: FEATURES_SOURCE,
  }));

export default defineAdapter({
  id: "codex",
  name: "Codex",
  sources: [
    'https://github.com/openai/codex/pull/20527 (PreToolUse updatedInput is taken only with permissionDecision "allow"; alone Codex reports it as an error): no neutral rewrite, a modify approves (declared)',
    "https://developers.openai.com/codex/hooks",
    "https://github.com/openai/codex/tree/main/codex-rs/hooks",
    "https://github.com/openai/codex/blob/main/codex-rs/hooks/src/engine/dispatcher.rs (the events whose matcher is applied)",
    "https://github.com/openai/codex/blob/main/codex-rs/core/src/tools/hook_names.rs",
    "https://github.com/openai/codex/blob/main/codex-rs/core/src/tools/handlers/apply_patch.rs",
    "https://github.com/openai/codex/blob/main/codex-rs/features/src/lib.rs (the hooks feature flag)",
    "https://github.com/openai/codex/blob/main/docs/config.md (allow_managed_hooks_only in requirements.toml)",
    "https://github.com/openai/codex/blob/main/codex-rs/hooks/src/engine/discovery.rs (hooks.json beside each config layer: the system layer's is managed)",
    "https://github.com/openai/codex/blob/main/codex-rs/hooks/src/engine/output_parser.rs (continue / stopReason / suppressOutput refused on PreToolUse and PermissionRequest, suppressOutput on PostToolUse; systemMessage a warning on every event): halt, systemMessage",
    "@openai/codex@0.171.0 real run, 2026-12-06 (test/hosts case halt-after-tool: PostToolUse continue: false put its stopReason in place of the tool's result and the model was asked again): no halt on PostToolUse",
  ],
  verified: [
    { version: "0.171.0", by: "real run", on: "2026-12-04" },
    {
      version: "0.171.0",
      by: "real run",
      on: "2026-12-06",
      note: "SessionEnd fires as codex exec shuts down; Interrupt's schema is in the binary, StopFailure's is not",
    },
    { by: "docs", on: "2026-12-04" },
    { by: "source", on: "2026-12-04" },
  ],
  version: { npm: "@openai/codex", run: true },
  // No Notification or PostToolUseFailure (PostToolUse fires for failed shell commands too).
  // StopFailure is in newer source trees (codex-rs/hooks/src/events/stop_failure.rs), not in 0.171.0's
  // hook schemas. PermissionRequest fires only when Codex would ask (never with approval_policy =
  // "never", docs/hosts/codex.md).
  events: {
    SessionStart: "SessionStart",
    // Fired by 0.171.0 as `codex exec` shuts down (real run, test/hosts case session-end; its schema
    // session-end.command.input: reason is always "other"). Codex reads the exit code, no output.
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse", // tool_name "Bash" for the shell (Codex's alias of exec_command), "apply_patch", "mcp__s__t"
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
    PostCompact: "PostCompact",
    Stop: "Stop", // end of every turn
    PermissionRequest: "PermissionRequest",
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
  },
  // Claude's snake_case payload; no project-dir env var (real run, docs/hosts/codex.md). The
  // shell's tool_response is a bare string, an MCP tool's is its CallToolResult (with isError).
  payload: { ...SNAKE_CASE_PAYLOAD, isError: { paths: ["tool_response.isError"] } },
  // Codex validates replies strictly (output_parser.rs): an unsupported field marks the hook failed
  // and the call goes on (fail-open). So: no bare permissionDecision "allow" or "ask" on PreToolUse
  // (rejected; only allow + updatedInput passes), no updatedInput on PermissionRequest (fails
  // CLOSED), no updatedMCPToolOutput (parsed, never applied), no context on Stop / PreCompact.
  // The universal fields (output_parser.rs): `continue: false` + `stopReason` is refused on PreToolUse
  // and PermissionRequest (the hook is marked failed) and does not stop a subagent on SubagentStart;
  // on PostToolUse it only puts `stopReason` in place of the tool's result, and the turn goes on
  // (docs/decisions/halt.md): not a halt;
  // `systemMessage` is shown to the user (a warning) on every event; `suppressOutput` is parsed and
  // never applied, and refused on PreToolUse, PermissionRequest and PostToolUse: never sent.
  dialect: withExtras(
    hookSpecificOutputDialect("codex", {
      SessionStart: ["context"], // cannot block
      UserPromptSubmit: ["deny", "context"],
      PreToolUse: ["deny", "modify", "context"], // updatedInput: Bash / apply_patch need a string `command`
      PostToolUse: ["deny", "context"], // block: the reason replaces the result the model sees
      Stop: ["deny"], // block: the reason becomes the next prompt (keep going)
      PermissionRequest: ["allow", "deny"], // allow skips the approval prompt
      SubagentStart: ["context"], // goes to the subagent; continue:false does not stop it
      SubagentStop: ["deny"],
    }),
    {
      spelling: "universal",
      halt: ["SessionStart", "UserPromptSubmit", "PreCompact", "PostCompact", "Stop", "SubagentStop"],
      systemMessage: "all",
    },
  ),
  // Codex clamps a SessionEnd hook's timeout to 1–3 s (codex-rs/hooks discovery.rs; a real 0.171.0 run
  // trusted our 30 s hook under the hash of 3 s, src/host-config/codex-trust.ts).
  eventNotes: {
    SessionEnd: "Codex gives a SessionEnd hook 3 seconds at most, whatever the connector's timeout: the handler gets 2 of them, and a slower one fails open.",
  },
  eventTimeLimits: { SessionEnd: 3, Interrupt: 3 },
  // Rust regex, unanchored like Claude's; "Edit"/"Write" also match apply_patch (aliases).
  nativeMatcher: "claude-regex",
  // Matched on the tool, SessionStart's source, the compaction's trigger and the subagent's type, in
  // our words; UserPromptSubmit and Stop ignore it (codex-rs/hooks/src/engine/dispatcher.rs).
  nativeMatcherEvents: ["PreToolUse", "PermissionRequest", "PostToolUse", "SessionStart", "PreCompact", "PostCompact", "SubagentStart", "SubagentStop"],
  // What Codex's hooks name a call (codex-rs/core/src/tools/hook_names.rs and the handlers'
  // pre_tool_use_payload): every shell tool (shell, shell_command, exec_command, local_shell) is
  // reported as `Bash` with {command: string}, file edits as `apply_patch` with {command: the patch
  // text} (JSON or freeform call alike; matchers Edit and Write reach it natively), MCP tools as
  // mcp__<server>__<tool>. Newer builds also report spawn_agent (matcher alias Agent) and other local
  // function tools under their own names. Hosted web search fires no hook.
  tools: {
    shell: { Bash: { command: "command" } },
    edit: { apply_patch: { filePaths: { paths: ["command"], patch: true } } },
    task: { spawn_agent: { query: "message" } },
    other: {
      update_plan: WHY.plan,
      view_image: WHY.media,
      request_user_input: WHY.asks,
      send_input: WHY.agents,
      wait: WHY.agents,
      close_agent: WHY.agents,
      resume_agent: WHY.agents,
      tool_search: WHY.toolSearch,
    },
  },
  // Interrupt (a turn the user interrupted; its output may only carry systemMessage) is in 0.171.0's
  // hook schemas (interrupt.command.input); StopFailure is in newer source trees only. An event key
  // Codex does not know is never written: only Interrupt passes through.
  nativeHooks: true,
  nativeEvents: ["Interrupt"],
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: cmd.exe (`/C`), as Codex starts shell commands there; not yet seen in a real Windows run.
      windows: { shell: "cmd" },
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 600
      scopes: {
        user: (ctx) => join(codexHome(ctx), "hooks.json"),
        project: ({ projectDir }) => join(projectDir, ".codex", "hooks.json"), // trusted projects only
        // The system config layer's folder (/etc/codex on Unix, %ProgramData%\OpenAI\Codex on Windows):
        // Codex reads a hooks.json beside each active config layer (codex-rs/hooks engine/discovery.rs)
        // and marks the system layer's hooks managed, trusted by policy, not switchable in /hooks
        // (developers.openai.com/codex/hooks). Read from source and docs, not yet run against the real program.
        managed: ({ env, os }) =>
          systemFile({ linux: "/etc/codex/hooks.json", darwin: "/etc/codex/hooks.json", win32: "C:\\ProgramData\\OpenAI\\Codex\\hooks.json" }, env, os),
      },
      // Untrusted hooks are skipped silently (docs/hosts/codex.md): write their trust after every change.
      companion: { kind: "codex-trust", file: (ctx) => join(codexHome(ctx), "config.toml") },
    },
  },
  managedLayer: {
    merge: "all layers' hooks run; managed ones need no trust review and cannot be switched off in /hooks (allow_managed_hooks_only: only managed ones)",
    source: "https://developers.openai.com/codex/hooks",
  },
  hookSwitches: [
    ...featureOff("user", (ctx) => join(codexHome(ctx), "config.toml")),
    ...featureOff("project", ({ projectDir }) => join(projectDir, ".codex", "config.toml")),
    // Admins' requirements.toml (/etc/codex on Unix, %ProgramData%\OpenAI\Codex on Windows): with
    // this key, user, project and session hooks are skipped; only managed ones run (docs/config.md).
    {
      layer: "system",
      file: ({ env, os }) =>
        systemFile(
          { linux: "/etc/codex/requirements.toml", darwin: "/etc/codex/requirements.toml", win32: "C:\\ProgramData\\OpenAI\\Codex\\requirements.toml" },
          env,
          os,
        ),
      format: "toml",
      key: ["allow_managed_hooks_only"],
      value: true,
      effect: "shadows",
      does: "lets only managed hooks run: user and project hooks are skipped",
      source: "https://github.com/openai/codex/blob/main/docs/config.md",
    },
  ],
  // developers.openai.com/codex/mcp: `[mcp_servers.<name>]` in config.toml (project: trusted projects).
  mcp: {
    format: "codex",
    scopes: { user: (ctx) => join(codexHome(ctx), "config.toml"), project: ({ projectDir }) => join(projectDir, ".codex", "config.toml") },
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [codexHome(ctx)], bins: ["codex"] },
});
