// The real host programs the end-to-end suite drives: pinned npm versions, how to
// install each into a reusable cache, and how to point each at the mock model.
//
// Cache: $AC_E2E_CACHE or ~/.cache/agent-connector-e2e, one directory per
// `<package>@<version>` (e.g. `@openai/codex@0.171.0`). HOSTS_LATEST=1 installs
// `<package>@latest` into `<package>@latest` instead (redone when older than a day) and
// reports the version it got.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync, renameSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { EventName } from "../../src/events.ts";

export type PlatformId = "claude-code" | "gemini-cli" | "codex" | "qwen-code" | "copilot-cli" | "opencode";

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
  /** the host-native name of its shell tool, as a PreToolUse matcher sees it */
  shellTool: string;
  /** normalized events this host fires in the non-interactive run we drive */
  fires: EventName[];
  /**
   * What the pinned version of the host cannot do, by case name: the case is skipped with
   * this reason (with HOSTS_LATEST=1 the case runs anyway, to see whether that changed).
   */
  unsupported?: Record<string, string>;
  /** facts about the real host worth printing under a case's line, by case name */
  caseNotes?: Record<string, string>;
  /** host-native hook event key(s) for a normalized event, when not the same name */
  native?: Partial<Record<EventName, string[]>>;
  /** where the host reads user-scope hooks from (JSON files), for replaying a hook on failure */
  hookFiles?(ctx: RunContext): string[];
  /** write the host's own model/provider config (not hooks) into the sandbox */
  setup(ctx: RunContext): void;
  /** extra environment for the host process */
  env(ctx: RunContext): Record<string, string>;
  /** argv after the binary */
  args(prompt: string, ctx: RunContext): string[];
  /** wall-clock limit for one host run */
  timeoutMs: number;
}

const writeJson = (path: string, value: unknown) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
};

export const HOSTS: HostDef[] = [
  {
    id: "claude-code",
    pkg: "@anthropic-ai/claude-code",
    version: "2.1.197",
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
    args: (prompt) => ["-p", prompt, "--output-format", "json", "--allowedTools", "Bash"],
    hookFiles: (ctx) => [join(ctx.home, ".claude", "settings.json")],
    timeoutMs: 60_000,
  },
  {
    id: "codex",
    pkg: "@openai/codex",
    version: "0.171.0",
    bin: "codex",
    shellTool: "Bash",
    fires: ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
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
    version: "0.15.10",
    bin: "qwen",
    shellTool: "run_shell_command",
    // No SessionStart/SessionEnd in -p mode (they fire only in the TUI and in --acp mode).
    fires: ["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"],
    unsupported: {
      // firePreToolUseHook() in 0.15.10 reads deny/ask/stop/additionalContext only;
      // updatedInput is applied from PermissionRequest hooks, which --yolo never fires.
      modify: "qwen-code 0.15.10 ignores PreToolUse updatedInput (only PermissionRequest applies it, and -p --yolo never asks)",
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
      const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => join(dir, f)) : [];
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
    },
    env: (ctx) => ({
      XDG_CONFIG_HOME: join(ctx.home, ".config"),
      XDG_DATA_HOME: join(ctx.home, ".local", "share"),
      XDG_CACHE_HOME: join(ctx.home, ".cache"),
      XDG_STATE_HOME: join(ctx.home, ".local", "state"),
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
];

export const hostById = (id: string) => HOSTS.find((h) => h.id === id);

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

const installedVersion = (dir: string, pkg: string): string | undefined => {
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
export async function ensureInstalled(host: HostDef, log: (s: string) => void = () => {}): Promise<InstalledHost> {
  const tag = wantLatest() ? "latest" : host.version;
  const dir = join(cacheRoot(), `${host.pkg}@${tag}`);
  const bin = join(dir, "node_modules", ".bin", host.bin);
  const done = join(dir, ".complete");
  // "@latest" moves: a cached latest install older than a day is redone.
  const stale = wantLatest() && existsSync(done) && Date.now() - statSync(done).mtimeMs > 24 * 3600 * 1000;
  if (existsSync(done) && existsSync(bin) && !stale) {
    return { dir, bin, version: installedVersion(dir, host.pkg) ?? tag, installedNow: false };
  }
  // Accept a cache laid out by hand (package present) and mark it.
  if (!wantLatest() && existsSync(bin) && installedVersion(dir, host.pkg) === host.version) {
    writeFileSync(done, new Date().toISOString() + "\n");
    return { dir, bin, version: host.version, installedNow: false };
  }
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, "package.json"), JSON.stringify({ private: true, name: "agent-connector-e2e-host" }) + "\n");
  log(`installing ${host.pkg}@${tag} into ${dir}`);
  const t0 = performance.now();
  const npm = Bun.spawn(
    ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", `${host.pkg}@${tag}`],
    { cwd: tmp, stdout: "pipe", stderr: "pipe", stdin: "ignore" },
  );
  // Progress: the first run downloads about 1.4 GB in all; say how far each host has got.
  const progress = setInterval(() => {
    const mb = Bun.spawnSync(["du", "-sm", tmp]).stdout.toString().split(/\s+/)[0];
    log(`  ${host.pkg}: ${mb} MB so far, ${Math.round((performance.now() - t0) / 1000)} s`);
  }, 10_000);
  const [out, err, code] = await Promise.all([
    new Response(npm.stdout).text(),
    new Response(npm.stderr).text(),
    npm.exited,
  ]).finally(() => clearInterval(progress));
  const seconds = (performance.now() - t0) / 1000;
  if (code !== 0 || !existsSync(join(tmp, "node_modules", ".bin", host.bin))) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`npm install ${host.pkg}@${tag} failed (exit ${code}): ${(err || out).trim().split("\n").slice(-3).join(" | ")}`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(tmp, dir);
  writeFileSync(done, new Date().toISOString() + "\n");
  return { dir, bin, version: installedVersion(dir, host.pkg) ?? tag, installedNow: true, seconds };
}
