import { connectorHome } from "../home.ts";
import { me, writableBy, type Owned } from "./trust.ts";

/**
 * The rule every folder and file under $AGENT_CONNECTOR_HOME is held to before a hook call reads
 * or writes it (src/hook/home-trust.ts says why): this user's or root's, and writable by no one
 * else; a folder above the home may be writable by others only with the sticky bit. Here, below
 * the hook path, so the daemon's shipping of the decision ledger (otlp-ship.ts) and the commands
 * that report on the home hold the ledger's folder to the same rule.
 */

/** A stat that follows symlinks: undefined when nothing is there; throws when the path cannot be looked at. */
export type StatOf = (path: string) => Owned | undefined;

/** What the rule asks of one path. */
export type Rule = "folder" | "file" | "above";

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

export const relativeHome = (home: string): string =>
  `AGENT_CONNECTOR_HOME is a relative path ("${home}"): a hook runs in the host's working folder, where it names another folder. Set it to an absolute path`;

/** The home and the folders above it, each with its rule: what hook.log's folder needs too. */
export function homeAndAbove(home: string): [string, Rule][] {
  const paths: [string, Rule][] = [[home, "folder"]];
  for (let folder = home.slice(0, home.lastIndexOf("/")); folder; folder = folder.slice(0, folder.lastIndexOf("/"))) paths.push([folder, "above"]);
  if (home !== "/") paths.push(["/", "above"]);
  return paths;
}

/** The first path that fails its rule, said; undefined if none does. */
export function firstProblem(paths: [string, Rule][], stats: (Owned | undefined | string)[]): string | undefined {
  for (let i = 0; i < paths.length; i++) {
    const stat = stats[i];
    const why = typeof stat === "string" ? stat : problem(paths[i]![0], paths[i]![1], stat);
    if (why) return why;
  }
  return undefined;
}

/**
 * Why hook.log's folder (`logs`, in `home`), or the decision ledger's (`audit`), must not be
 * written to; undefined if it may. Where node:fs is loaded (a failure's line, a ledger record).
 */
export function logFolderProblem(home: string, stat: StatOf, folder: "logs" | "audit" = "logs"): string | undefined {
  if (!home.startsWith("/")) return relativeHome(home);
  const paths: [string, Rule][] = [[`${home}/${folder}`, "folder"], ...homeAndAbove(home)];
  return firstProblem(
    paths,
    paths.map(([path]) => statOr(stat, path)),
  );
}

/** Why `path` fails its rule; undefined if it passes, or if nothing is there. */
function problem(path: string, rule: Rule, stat: Owned | undefined): string | undefined {
  if (!stat) return undefined;
  if (stat.uid !== me() && stat.uid !== 0) return `${path} belongs to uid ${stat.uid}, not to this user (uid ${me()}) or root`;
  if (rule === "folder" && (stat.mode & S_IFMT) !== S_IFDIR) return `${path} is not a folder`;
  if (!(stat.mode & 0o022)) return undefined;
  return rule === "above" && stat.mode & 0o1000 ? undefined : writableBy(path, stat.mode);
}

export function statOr(stat: StatOf, path: string): Owned | undefined | string {
  try {
    return stat(path);
  } catch (error) {
    return `${path} cannot be checked (${(error as Error).message})`;
  }
}

/**
 * Why the decision ledger's folder (and its shipping cursors' folder, `audit/otlp`) must be
 * neither written nor read: calls then record nothing there, the daemon ships nothing from there,
 * and status and doctor say so. Undefined if the folders pass, and on Windows (no such modes).
 */
export function ledgerFolderProblem(env: Record<string, string | undefined>, stat: StatOf): string | undefined {
  if (process.platform === "win32") return undefined;
  const home = connectorHome(env);
  if (!home.startsWith("/")) return relativeHome(home);
  const paths: [string, Rule][] = [[`${home}/audit/otlp`, "folder"], [`${home}/audit`, "folder"], ...homeAndAbove(home)];
  return firstProblem(
    paths,
    paths.map(([path]) => statOr(stat, path)),
  );
}
