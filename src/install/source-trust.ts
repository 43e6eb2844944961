import { realpathSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { me, writableBy } from "../daemon/trust.ts";

/**
 * Whether a connector's config file can be trusted to stay what its owner wrote (docs/reliability.md,
 * "Other local users"). Every hook call runs that file's code (or, once it changed, the file
 * itself) as the user whose host called it: another local user who can replace it, or rename a
 * folder above it and put one of their own in its place, runs their code as that user, with that
 * user's secrets. So install refuses a config that belongs to another user (root excepted), or is
 * writable by others, or lies under a folder that does or is (writable by others only with the
 * sticky bit, as the system temp folder) — along the path as given and along the one its symlinks lead to.
 * `--allow-shared` installs it anyway (a team that shares a folder on purpose); the registry
 * records that, and status and doctor keep saying it.
 */

/** Why `config` cannot be trusted; undefined if it can. Not on Windows (no such modes). */
export function sourceProblem(config: string): string | undefined {
  if (process.platform === "win32") return undefined;
  let real = config;
  try {
    real = realpathSync(config);
  } catch {
    // Missing: the load that follows says so.
  }
  for (const path of real === config ? [config] : [config, real]) {
    const problem = ownProblem(path, false) ?? aboveProblem(path);
    if (problem) return problem;
  }
  return undefined;
}

function ownProblem(path: string, folder: boolean): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (stat.uid !== me() && stat.uid !== 0) return `${path} belongs to uid ${stat.uid}, not to this user (uid ${me()}) or root`;
  if (!(stat.mode & 0o022) || (folder && stat.mode & 0o1000)) return undefined;
  return writableBy(path, stat.mode);
}

function aboveProblem(path: string): string | undefined {
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const problem = ownProblem(folder, true);
    if (problem || folder === dirname(folder)) return problem;
  }
}

/** install's refusal of a shared config, with what to do about it. */
export const sharedSourceRefusal = (problem: string): string =>
  `${problem}: another local user could replace this connector's config, and every hook call would run their code as you. Keep the config in a folder only you (or root) can write to, or pass --allow-shared if your team shares it on purpose (status and doctor keep warning).`;
