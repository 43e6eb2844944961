import { homedir } from "node:os";
import { join } from "node:path";

/** $AGENT_CONNECTOR_HOME, default ~/.agent-connector: the registry, backups and logs. */
export const connectorHome = (env = process.env): string =>
  env.AGENT_CONNECTOR_HOME || join(env.HOME || env.USERPROFILE || homedir(), ".agent-connector");

export const userHome = (env = process.env): string => env.HOME || env.USERPROFILE || homedir();
