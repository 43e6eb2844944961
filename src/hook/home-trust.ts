import { connectorHome } from "../home.ts";
import { compiledPath } from "../compiled/artifact.ts";
import { firstProblem, homeAndAbove, relativeHome, statOr, type Rule, type StatOf } from "../daemon/home-folders.ts";
import type { Owned } from "../daemon/trust.ts";

export { logFolderProblem, type StatOf } from "../daemon/home-folders.ts";

/**
 * Whether a hook call may run what $AGENT_CONNECTOR_HOME names (docs/reliability.md, "Other local
 * users"): the registry says which config runs, the compiled copy is that config's code, and
 * hook.log is appended to. Another local user who can write the home, or any of those, or rename
 * a folder above it, could have this user's hooks run their code with this user's rights and
 * secrets. So, before anything there is read or written, each must belong to this user (or root)
 * and be writable by no one else (a folder above the home: by others only with the sticky bit, as
 * the system temp folder), the rule the daemon's socket folder meets (src/daemon/trust.ts). A stat follows a
 * symlink, so one into another user's folder or file is judged by what it points at.
 *
 * Stat-level work on every call (the hook's latency is the product): a call of its own makes the
 * stats on glibc's statx where it can (libc-files.ts, through statHomeWith), else with Bun's stat,
 * in parallel, and no node:fs; a daemon's worker, which loads node:fs anyway, statSync (statHomeWith). No verdict is kept between calls: a stat of a path that changed ownership is
 * the only way to see it, and the rule itself costs less than a cache key would.
 */

type Env = Record<string, string | undefined>;

/** Set in a daemon's worker (node:fs is loaded there): the stats are made synchronously. */
const sync: { stat?: StatOf } = {};

export const statHomeWith = (stat: StatOf): void => void (sync.stat = stat);

/**
 * Where this call's lines go (src/hook/io.ts): nowhere but stderr once its home failed the check.
 * Set by every call's check, so a daemon's worker never carries one call's verdict into the next.
 */
export const logTarget = { refused: false };

/** The paths a call reads or writes under the home, with the folders above it: each with its rule. */
function looks(home: string, connector: string | undefined, env: Env): [string, Rule][] {
  const [own, ...above] = homeAndAbove(home);
  const paths: [string, Rule][] = [own!, [`${home}/registry.json`, "file"], [`${home}/compiled`, "folder"], [`${home}/logs`, "folder"]];
  if (connector) paths.push([compiledPath(connector, env), "file"]);
  return [...paths, ...above];
}

/**
 * The first path under (or above) the home that fails the rule, and why (a relative home: that);
 * undefined if none does, or on Windows, which has no such modes. status and doctor say it too.
 */
export async function homeProblem(connector: string | undefined, env: Env): Promise<string | undefined> {
  if (process.platform === "win32") return undefined;
  const home = connectorHome(env);
  if (!home.startsWith("/")) return relativeHome(home);
  const paths = looks(home.replace(/\/+$/, "") || "/", connector, env);
  const stats = sync.stat ? paths.map(([path]) => statOr(sync.stat!, path)) : await Promise.all(paths.map(([path]) => bunStat(path)));
  return firstProblem(paths, stats);
}

/** Why the home cannot be trusted with this call, and what to do; undefined if it can. */
async function homeTrustProblem(connector: string | undefined, env: Env): Promise<string | undefined> {
  const why = await homeProblem(connector, env);
  const home = connectorHome(env);
  if (!why || !home.startsWith("/")) return why;
  return `${why}: another local user could change what this hook runs, so nothing from ${home} was run. Make it yours and writable by you only (chown, chmod go-w), or set AGENT_CONNECTOR_HOME to a folder of your own`;
}

/**
 * The start of every hook call, before the registry, the compiled copy or hook.log is touched:
 * why the call must not go on (the caller fails open with it, one line on stderr, nothing written
 * to the home), or undefined.
 */
export async function untrustedHome(connector: string | undefined, env: Env): Promise<string | undefined> {
  const why = await homeTrustProblem(connector, env);
  logTarget.refused = why !== undefined;
  return why;
}

async function bunStat(path: string): Promise<Owned | undefined | string> {
  try {
    return await Bun.file(path).stat();
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ENOENT" || code === "ENOTDIR" ? undefined : `${path} cannot be checked (${(error as Error).message})`;
  }
}
