/**
 * Path joining without node:path: loading node:path (and node:fs, node:os) costs a compiled Bun
 * binary 0.3–0.8 ms at start, and every hook call pays start-up. Modules on the hook path use
 * these helpers and Bun's own file APIs instead (bench/hook-roundtrip.ts measures the result).
 */
const WINDOWS = process.platform === "win32";

/** Runs of separators after the first character. A backslash is a separator on Windows only: elsewhere it is part of a name. */
const SEPARATORS = WINDOWS ? /(?<!^)[/\\]+/g : /(?<!^)\/+/g;

export function join(...parts: string[]): string {
  return parts
    .filter((part) => part !== "")
    .join("/")
    .replace(SEPARATORS, "/");
}

export const isAbsolute = (path: string): boolean => path.startsWith("/") || (WINDOWS && (/^[A-Za-z]:[/\\]/.test(path) || path.startsWith("\\\\")));

export const absolute = (path: string, cwd = process.cwd()): string => (isAbsolute(path) ? path : join(cwd, path));

/**
 * A machine-wide settings file per OS (a host's managed or enterprise location). Under
 * $AGENT_CONNECTOR_MANAGED_ROOT when set: a folder standing for / (image builds, tests).
 */
export function systemFile(
  paths: { linux: string; darwin: string; win32: string },
  env: Record<string, string | undefined> = process.env,
  platform: string = process.platform,
): string {
  const path = platform === "win32" ? paths.win32 : platform === "darwin" ? paths.darwin : paths.linux;
  const root = env.AGENT_CONNECTOR_MANAGED_ROOT;
  return root ? join(root, path.replace(/^[A-Za-z]:/, "")) : path;
}

/** HOME, or USERPROFILE on Windows. */
export const userHome = (env: Record<string, string | undefined> = process.env): string => env.HOME || env.USERPROFILE || "/";
