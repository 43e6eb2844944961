import { statSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { connectorHome } from "../home.ts";
import { daemonDir } from "../daemon/address.ts";
import { folderProblem, me, writableBy } from "../daemon/trust.ts";

/**
 * Why install and self-install refuse $AGENT_CONNECTOR_HOME (src/daemon/trust.ts says what is at
 * stake): the home and the daemon's folder must be this user's and not writable by others, as
 * the hook's client requires of the daemon's folder on every call; and every folder above the
 * home must be this user's or root's, and writable by others only with the sticky bit (as the system's temporary folder),
 * since whoever owns a folder can rename what is in it and put a folder of their own in its place
 * (a shared folder another user made first). Undefined: fine. Not on Windows (no daemon there).
 */
export function homeRefusal(env: Record<string, string | undefined> = process.env): string | undefined {
  if (process.platform === "win32") return undefined;
  const given = env.AGENT_CONNECTOR_HOME;
  // Not made absolute here: install cannot change the environment later hook calls get, and each
  // runs in its host's working folder, where the same words name another folder (or none).
  if (given && !isAbsolute(given))
    return `AGENT_CONNECTOR_HOME is a relative path ("${given}"): hook calls run in each host's working folder, where it names another folder, so they would find nothing installed. Set it to an absolute path (export AGENT_CONNECTOR_HOME="${resolve(given)}"), then install again.`;
  const home = resolve(connectorHome(env));
  const problem = ownProblem(home) ?? ownProblem(daemonDir({ ...env, AGENT_CONNECTOR_HOME: home })) ?? aboveProblem(home);
  if (!problem) return undefined;
  return `${problem}: another user could stand in for the daemon that answers hook calls, and read what they send it (the environment, tokens included). Use a folder of your own that only you can write to as AGENT_CONNECTOR_HOME (the default is ~/.agent-connector), or fix this one (chown it to yourself, chmod go-w).`;
}

function ownProblem(folder: string): string | undefined {
  const stat = statSync(folder, { throwIfNoEntry: false });
  return stat && folderProblem(folder, stat);
}

function aboveProblem(home: string): string | undefined {
  for (let folder = dirname(home); ; folder = dirname(folder)) {
    const stat = statSync(folder, { throwIfNoEntry: false });
    if (stat && stat.uid !== me() && stat.uid !== 0) return `${folder} belongs to uid ${stat.uid}, not to this user (uid ${me()}) or root`;
    if (stat && stat.mode & 0o022 && !(stat.mode & 0o1000)) return writableBy(folder, stat.mode);
    if (folder === dirname(folder)) return undefined;
  }
}
