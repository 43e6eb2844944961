import { join, userHome } from "./paths.ts";

type Env = Record<string, string | undefined>;

/** $AGENT_CONNECTOR_HOME, default ~/.agent-connector: the registry, backups and logs. */
export const connectorHome = (env: Env = process.env): string => env.AGENT_CONNECTOR_HOME || join(userHome(env), ".agent-connector");

/** Connector id → config path and where each connector is installed. */
export const registryPath = (env: Env = process.env): string => join(connectorHome(env), "registry.json");

/** The bytes of host config files before we first touched them (src/install/backups.ts). */
export const backupsDir = (env: Env = process.env): string => join(connectorHome(env), "backups");

/** One line per failed hook call, written by the hook path and by generated plugin modules. */
export const hookLogPath = (env: Env = process.env): string => join(connectorHome(env), "logs", "hook.log");
