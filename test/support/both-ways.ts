/**
 * A connector as a hook test loads it, one of the two ways every hook-path case runs
 * (test/reliability/support.ts BOTH_WAYS): installed, as hosts call it by id, and answered by the
 * sandbox's daemon; or its source in a process of its own.
 */
import type { Sandbox } from "./harness.ts";
import { DAEMON_ON } from "../reliability/support.ts";

export interface Load {
  config?: string;
  connector?: string;
}

/** The load options for `config` (whose id is `id`): with `daemon`, installed for claude-code and called by id. */
export function loadFor(box: Sandbox, config: string, id: string, daemon: boolean): Load {
  if (!daemon) return { config };
  const installed = box.cli(["install", "--config", config, "--platform", "claude-code"]);
  if (installed.exitCode !== 0) throw new Error(`install did not take ${config}: ${installed.stderr}`);
  return { connector: id };
}

/** Stops the sandbox's daemon, if the test started one. */
export const stopDaemon = (box: Sandbox, daemon: boolean): void => {
  if (daemon) box.cli(["daemon", "stop"], { env: DAEMON_ON });
};
