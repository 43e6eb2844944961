import { join, userHome } from "./paths.ts";

/** $AGENT_CONNECTOR_HOME, default ~/.agent-connector: the registry, backups and logs. */
export const connectorHome = (env: Record<string, string | undefined> = process.env): string =>
  env.AGENT_CONNECTOR_HOME || join(userHome(env), ".agent-connector");
