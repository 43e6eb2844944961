import { lstatSync, readFileSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { HostConfigError } from "./errors.ts";

/** A host config file that exists, and where its bytes live (dotfile managers symlink settings files). */
export interface HostFile {
  /** The path the host reads. */
  file: string;
  /** The regular file behind it: `file` itself, or its symlink's final target. */
  target: string;
  stats: Stats;
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code;

/** A file-system failure on a host file, as an error that names the file (exit 4). */
export function hostFileFailure(file: string, doing: "read" | "written" | "removed", error: unknown): HostConfigError {
  if (error instanceof HostConfigError) return error;
  const detail = errorCode(error) === "EACCES" || errorCode(error) === "EPERM" ? "permission denied" : (error as Error)?.message;
  return new HostConfigError(file, `cannot be ${doing} (${detail}); nothing was written to it`);
}

/** Finds a host file; null when there is none. Refuses what we must not edit as if it were one. */
export function locateHostFile(file: string): HostFile | null {
  let link: Stats;
  try {
    link = lstatSync(file);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw hostFileFailure(file, "read", error);
  }
  let target = file;
  if (link.isSymbolicLink()) {
    try {
      target = realpathSync(file);
    } catch {
      throw new HostConfigError(file, `is a symbolic link to ${readlinkSync(file)}, which leads to no file; fix or remove the link, nothing was written`);
    }
  }
  const stats = target === file ? link : statSync(target);
  const what = target === file ? "is" : `is a symbolic link to ${target}, which is`;
  if (stats.isDirectory()) throw new HostConfigError(file, `${what} a folder, not a file; move it aside, nothing was written`);
  if (!stats.isFile()) throw new HostConfigError(file, `${what} not a regular file; nothing was written`);
  return { file, target, stats };
}

/**
 * Refuses to rewrite a file its owner protected. Root passes every access check, so the mode bits
 * are read rather than tried. A file of another user is refused for everyone, root included
 * (docs/decisions/root-install-into-another-users-file.md): that user's host runs the hooks as that
 * user, from that user's agent-connector home, where this install registers and compiles nothing.
 */
export function assertWritable({ file, stats }: HostFile): void {
  if (!(stats.mode & 0o200)) {
    throw new HostConfigError(
      file,
      `is read-only (mode ${(stats.mode & 0o777).toString(8).padStart(4, "0")}); make it writable (chmod u+w) if agent-connector may edit it, nothing was written`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    const owner = userName(stats.uid);
    const as = owner ? `sudo -u ${owner} agent-connector install …` : "agent-connector install … as that user";
    throw new HostConfigError(
      file,
      `belongs to another user (${owner ? `${owner}, ` : ""}uid ${stats.uid}); that user's host runs these hooks as that user, from that user's agent-connector home, not this one: run install as its owner (${as}), nothing was written`,
    );
  }
}

/** The login name of `uid` from /etc/passwd, if it has one there. */
function userName(uid: number): string | undefined {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const [name, , id] = line.split(":");
      if (name && id === String(uid)) return name;
    }
  } catch {
    // No /etc/passwd (another system): the uid alone.
  }
  return undefined;
}

/** The owner a rewrite must give back: its group, which a file of root's may have another of (only root can give it back). */
export const ownerToKeep = ({ stats }: HostFile): { uid: number; gid: number } | undefined =>
  process.getuid?.() === 0 ? { uid: stats.uid, gid: stats.gid } : undefined;
