/**
 * A private mount namespace where /etc and /usr/local/lib are overlays whose writes land in a
 * folder of the test's: managed files keep their real system paths (what the commands written into
 * them name, and where real hosts read them), and the machine's own files are never touched.
 * Each command runs in a namespace of its own over the same overlay folders, so what one writes the
 * next one sees. Needs root and `unshare -m`; `overlaySkip` says why not, when not.
 * No import of the harness: the real-host suite (test/hosts) uses it too.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const SYSTEM_FOLDERS = ["/etc", "/usr/local/lib"] as const;

function probe(): string | undefined {
  if (process.platform !== "linux") return "managed-scope tests bind over Linux system folders";
  if (process.getuid?.() !== 0) return "managed-scope tests need root (they mount overlays in a private mount namespace)";
  const tried = Bun.spawnSync(["unshare", "-m", "--propagation", "private", "true"], { stdout: "pipe", stderr: "pipe" });
  return tried.exitCode === 0 ? undefined : `unshare -m is refused here: ${tried.stderr.toString().trim()}`;
}

/** Why overlay namespaces cannot be made here, or undefined. */
export const overlaySkip = probe();

/**
 * The argv that runs `argv` in a fresh namespace over the overlays kept in `folder` (made here),
 * as `user` (a uid) when given.
 */
export function overlayCommand(folder: string): (argv: readonly string[], user?: number) => string[] {
  const mounts = SYSTEM_FOLDERS.map((system, i) => {
    const upper = join(folder, `upper-${i}`);
    const work = join(folder, `work-${i}`);
    mkdirSync(upper, { recursive: true });
    mkdirSync(work, { recursive: true });
    return `mount -t overlay overlay -o lowerdir=${system},upperdir=${upper},workdir=${work} ${system}`;
  });
  const script = `set -e\n${mounts.join("\n")}\nexec "$@"`;
  return (argv, user) => {
    const as = user === undefined ? [] : ["setpriv", `--reuid=${user}`, `--regid=${user}`, "--clear-groups", "--"];
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", ...as, ...argv];
  };
}
