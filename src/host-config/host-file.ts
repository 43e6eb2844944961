import { lstatSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
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
 * are read rather than tried; and since a rewritten file belongs to whoever wrote it, a file of
 * another user is left alone unless we are root, who gives the new file its old owner back.
 */
export function assertWritable({ file, stats }: HostFile): void {
  if (!(stats.mode & 0o200)) {
    throw new HostConfigError(
      file,
      `is read-only (mode ${(stats.mode & 0o777).toString(8).padStart(4, "0")}); make it writable (chmod u+w) if agent-connector may edit it, nothing was written`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stats.uid !== uid) {
    throw new HostConfigError(file, `belongs to another user (uid ${stats.uid}); rewriting it would make it yours: run this as its owner, nothing was written`);
  }
}

/** The owner a rewrite must give back (only root can, and only root needs to: others own what they may rewrite). */
export const ownerToKeep = ({ stats }: HostFile): { uid: number; gid: number } | undefined =>
  process.getuid?.() === 0 ? { uid: stats.uid, gid: stats.gid } : undefined;
