import { existsSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { connectorHome } from "../../home.ts";

type Env = Record<string, string | undefined>;

/**
 * Where the binary lives so that the hook commands written into host configs keep working: the
 * clone, the download folder or the package manager's versioned folder that `install` happened to
 * run from may go away, the stable path does not (`upgrade` replaces the file in place).
 */

export const exeName = (platform: string = process.platform): string => (platform === "win32" ? "agent-connector.exe" : "agent-connector");

/** `$AGENT_CONNECTOR_HOME/bin/agent-connector[.exe]`: `self-install` copies the binary here. */
export const stableBinPath = (env: Env = process.env, platform: string = process.platform): string => join(connectorHome(env), "bin", exeName(platform));

/** Code inside a compiled binary lives on Bun's embedded file system; from source it is bun running cli.ts. */
export const isCompiled = (): boolean => import.meta.path.includes("$bunfs") || import.meta.path.includes("~BUN");

const real = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

const segments = (path: string): string[] => path.split(/[\\/]+/);

/**
 * The path a package manager keeps stable for its own versioned folder: Homebrew links
 * `<prefix>/bin/agent-connector` to `<prefix>/Cellar/agent-connector/<version>/bin/…`, Scoop keeps
 * `apps/agent-connector/current` pointing at `apps/agent-connector/<version>`.
 */
export function packageManagerPath(binary: string): { manager: "Homebrew" | "Scoop"; path: string } | undefined {
  const parts = segments(binary);
  const cellar = parts.lastIndexOf("Cellar");
  if (cellar > 0 && parts[cellar + 1] === "agent-connector") {
    const path = join(parts.slice(0, cellar).join(sep) || sep, "bin", parts[parts.length - 1]!);
    if (existsSync(path) && real(path) === real(binary)) return { manager: "Homebrew", path };
  }
  const apps = parts.lastIndexOf("apps");
  if (apps > 0 && parts[apps + 1] === "agent-connector" && parts[apps + 2] && parts[apps + 2] !== "current") {
    const path = [...parts.slice(0, apps + 2), "current", ...parts.slice(apps + 3)].join(sep);
    if (existsSync(path)) return { manager: "Scoop", path };
  }
  return undefined;
}

const BUILD_FOLDERS = new Set(["dist", "build", "out", "target", "node_modules", "_npx"]);

/** Why a binary's path will not last (a temp folder, a build folder, a download), or undefined. */
export function transientReason(binary: string, env: Env = process.env): string | undefined {
  const path = real(binary);
  // tmpdir() is the system temp folder unless TMPDIR says otherwise; macOS keeps it under /private.
  const temps = [tmpdir(), env.TMPDIR, env.TEMP, env.TMP, "/private/tmp", "/var/tmp", "/private/var/folders", "/var/folders"].filter((t): t is string =>
    Boolean(t),
  );
  // The most telling reason first: a clone's dist/ in the temp folder is a build folder before a temporary one.
  const folders = segments(dirname(path));
  const build = folders.find((part) => BUILD_FOLDERS.has(part));
  if (build) return `a build or package folder (${build}/)`;
  if (temps.some((t) => path === t || path.startsWith(`${real(t).replace(/[\\/]+$/, "")}${sep}`) || path.startsWith(`${t.replace(/[\\/]+$/, "")}${sep}`)))
    return "a temporary folder";
  if (folders.includes("Downloads")) return "a downloads folder";
  if (folders.includes("Cellar") || (folders.includes("apps") && folders.includes("agent-connector"))) return "a package manager's versioned folder";
  return undefined;
}

export interface HookBinary {
  /** The path hook commands call. */
  path: string;
  /** What install tells the user about that choice, if anything. */
  note?: { level: "info" | "warn"; message: string };
}

/**
 * The binary hook commands call when `binary` (this process) runs install: the stable path when
 * this is it or when this one is transient and a stable copy exists, the package manager's link
 * for a versioned folder, else this binary (with a warning when its path will not last).
 */
export function hookBinary(binary: string, env: Env = process.env): HookBinary {
  const stable = stableBinPath(env);
  if (real(binary) === real(stable)) return { path: stable };
  const managed = packageManagerPath(binary);
  if (managed) return { path: managed.path };
  const why = transientReason(binary, env);
  if (!why) return { path: binary };
  if (existsSync(stable)) {
    return {
      path: stable,
      note: {
        level: "info",
        message: `${binary} is in ${why}: hook commands call the installed ${stable} instead (\`${binary} self-install\` replaces it with this build).`,
      },
    };
  }
  return {
    path: binary,
    note: {
      level: "warn",
      message: `${binary} is in ${why}: hook commands will break when it is moved or deleted. Run \`${binary} self-install\` (copies it to ${stable}), then install again.`,
    },
  };
}
