/**
 * Runs the binary as root in a private mount namespace where /etc and /usr/local/lib are
 * overlays whose writes land in the sandbox: the managed files keep their real system paths
 * (what the commands written into them name), and the machine's own files are never touched.
 * Needs root and overlay mounts (`unshare -m`); `systemSkip` says why not, when not.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, type Result, type Sandbox } from "./harness.ts";

const SYSTEM_FOLDERS = ["/etc", "/usr/local/lib"] as const;

function probe(): string | undefined {
  if (process.platform !== "linux") return "managed-scope tests bind over Linux system folders";
  if (process.getuid?.() !== 0) return "managed-scope tests need root (they mount overlays in a private mount namespace)";
  const tried = Bun.spawnSync(["unshare", "-m", "--propagation", "private", "true"], { stdout: "pipe", stderr: "pipe" });
  return tried.exitCode === 0 ? undefined : `unshare -m is refused here: ${tried.stderr.toString().trim()}`;
}

/** Why these tests cannot run here, or undefined. */
export const systemSkip = probe();

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
  const mounts = SYSTEM_FOLDERS.map((folder, i) => {
    const upper = join(box.root, "system", `upper-${i}`);
    const work = join(box.root, "system", `work-${i}`);
    mkdirSync(upper, { recursive: true });
    mkdirSync(work, { recursive: true });
    return `mount -t overlay overlay -o lowerdir=${folder},upperdir=${upper},workdir=${work} ${folder}`;
  });
  const script = `set -e\n${mounts.join("\n")}\nexec "$@"`;
  const run: SystemBox["run"] = (argv, options = {}) => {
    const as = options.user === undefined ? [] : ["setpriv", `--reuid=${options.user}`, `--regid=${options.user}`, "--clear-groups", "--"];
    const proc = Bun.spawnSync(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", ...as, ...argv], {
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
