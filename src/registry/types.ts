/** One host file (or plugin module) a connector was installed into. */
export interface InstallRecord {
  platform: string;
  scope: string;
  file: string;
  /** How the hook commands written there start (src/install/command-line.ts): they are ours only with it. */
  invocation?: string;
  /** "mcp": the host's MCP file, holding `servers`; absent: the hooks. */
  part?: "mcp";
  /** The MCP servers we wrote into the file: the only ones of that name that are ours. */
  servers?: string[];
}

/** A host's switch that `install --scope managed --lock` set: only managed hooks run there. */
export interface LockRecord {
  platform: string;
  file: string;
  key: string[];
  /** The administrator had set it before any connector of ours: uninstall leaves it. */
  setBefore?: true;
}

export interface RegistryEntry {
  config: string;
  /** Installed with --allow-shared from a config another local user could replace (src/install/source-trust.ts). */
  allowShared?: true;
  installs: InstallRecord[];
  /** Locks this connector's managed installs set (install --lock). */
  locks?: LockRecord[];
}

/** `$AGENT_CONNECTOR_HOME/registry.json`: connector id → its config and installs. */
export type Registry = Record<string, RegistryEntry>;
