/**
 * Runs the binary as root in a private mount namespace where /etc and /usr/local/lib are
 * overlays whose writes land in the sandbox (overlay-namespace.ts).
 */
import { join } from "node:path";
import { BIN, type Result, type Sandbox } from "./harness.ts";
import { overlayCommand, overlaySkip } from "./overlay-namespace.ts";

/** The system files the managed-scope tests look at (Linux's paths), as the namespace shows them. */
export const MANAGED_PATHS = {
  LIB: "/usr/local/lib/agent-connector",
  CLAUDE: "/etc/claude-code/managed-settings.json",
  CURSOR: "/etc/cursor/hooks.json",
  CODEX: "/etc/codex/hooks.json",
  CODEX_REQUIREMENTS: "/etc/codex/requirements.toml",
  GEMINI: "/etc/gemini-cli/settings.json",
  WINDSURF: "/etc/windsurf/hooks.json",
} as const;

/** Why these tests cannot run here, or undefined. */
export const systemSkip = overlaySkip;

/** The sandbox's stand-in for the system folders, and what it holds of each. */
export interface SystemBox {
  /** `argv` run in the namespace (as `user`, a uid, when given), with the sandbox's environment. */
  run(argv: readonly string[], options?: { env?: Record<string, string>; stdin?: string; user?: number; cwd?: string }): Result;
  cli(args: readonly string[], options?: { env?: Record<string, string>; user?: number }): Result;
  /** A system file as the namespace sees it (null: no file). */
  read(path: string): string | null;
  /** Whether a system path exists in the namespace. */
  exists(path: string): boolean;
}

export function systemBox(box: Sandbox): SystemBox {
  const namespaced = overlayCommand(join(box.root, "system"));
  const run: SystemBox["run"] = (argv, options = {}) => {
    const proc = Bun.spawnSync(namespaced(argv, options.user), {
      cwd: options.cwd ?? box.project,
      env: { ...box.env, ...options.env },
      stdin: options.stdin === undefined ? "ignore" : Buffer.from(options.stdin),
      stdout: "pipe",
      stderr: "pipe",
    });
    return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
  };
  const cat = (path: string) => run(["sh", "-c", 'test -e "$1" || exit 3; cat "$1"', "sh", path]);
  return {
    run,
    cli: (args, options) => run([BIN, ...args], options),
    read(path) {
      const result = cat(path);
      if (result.exitCode === 3) return null;
      if (result.exitCode !== 0) throw new Error(`cannot read ${path}: ${result.stderr}`);
      return result.stdout;
    },
    exists: (path) => run(["test", "-e", path]).exitCode === 0,
  };
}
