import { configArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { configPathFrom } from "./_targets.ts";
import { printJson, tilde, ui } from "./_output.ts";
import { UsageError } from "./_fail.ts";
import { readRegistry } from "../registry/read.ts";
import { loadConnectorConfig } from "../config/load.ts";
import { compileConnector, readSnapshot, recordSourceProblem, recordUncompiled, type CompileResult } from "../install/compile-connector.ts";
import { flushLogs, logLine } from "../hook/io.ts";
import { userHome } from "../paths.ts";
import { withInstallLock } from "../install/lock.ts";
import { HOST_IDS } from "../../adapters/index.ts";
import { armDeadline } from "./_deadline.ts";

/** The deadline of the compile a hook call starts (src/hook/refresh-compiled.ts), in seconds. */
export const BACKGROUND_DEADLINE_S = 30;

export default defineAcCommand({
  meta: {
    name: "compile",
    description:
      "Rebuild the compiled copy of an installed connector that hook calls load ($AGENT_CONNECTOR_HOME/compiled/). install does this; hook calls start it themselves when the config changed",
  },
  args: {
    connector: { type: "string", description: "Installed connector id (its config path comes from the registry)" },
    ...configArgs,
    quiet: { type: "boolean", description: "Print nothing (what hook calls use)" },
    deadline: {
      type: "string",
      description: `Seconds: if the config has not loaded and compiled by then, give up (with --connector, hook calls load its source until it changes) and exit 3; hook calls pass ${BACKGROUND_DEADLINE_S}`,
    },
    ...jsonArgs,
  },
  async run({ args, json }) {
    const deadline = args.deadline === undefined ? undefined : Number(args.deadline);
    if (deadline !== undefined && !(deadline > 0)) throw new UsageError(`--deadline must be a number of seconds, not "${args.deadline}"`);
    let loading: string | undefined;
    if (deadline)
      armDeadline(deadline, () => void (args.connector && loading && keepSnapshot(args.connector, loading, `did not finish loading within ${deadline} s`)));
    const frozen = args.connector ? readSnapshot(args.connector)?.meta.frozen : undefined;
    if (frozen) {
      if (!args.quiet) ui.info(`${args.connector} was installed with --frozen: its snapshot follows no source; install it again to change it`);
      return EXIT.ok;
    }
    // Under the install lock, the registry read with it: a compile a hook call started in the
    // background must not write the copy of a config an install has just replaced.
    const { path, result } = await withInstallLock(
      async () => {
        let path: string;
        if (args.connector) {
          path = (await readRegistry())[args.connector]?.config ?? "";
          if (!path) throw new UsageError(`connector "${args.connector}" is not installed; see agent-connector status`);
        } else path = configPathFrom(args.config);
        loading = path;
        try {
          const config = await loadConnectorConfig(path, HOST_IDS);
          if (args.connector && config.id !== args.connector) throw new Error(`its id is now "${config.id}", not "${args.connector}": install it again`);
          return { path, result: await compileConnector(path, config) };
        } catch (error) {
          if (!args.connector) throw error;
          return { path, result: keepSnapshot(args.connector, path, (error as Error).message) };
        }
      },
      { dryRun: false },
    );
    await flushLogs();
    if (json) printJson({ ...result, config: path });
    else if (!args.quiet) {
      if (result.ok) ui.success(`compiled ${tilde(path, userHome())} → ${tilde(result.path, userHome())}${result.bytecode ? " (with bytecode)" : ""}`);
      else if (result.snapshotKept)
        ui.warn(`${tilde(path, userHome())} cannot be used (${result.reason}); hook calls answer from the installed snapshot until it loads again`);
      else ui.warn(`${tilde(path, userHome())} cannot be compiled (${result.reason}); hook calls load the source on each call`);
    }
    return result.ok ? EXIT.ok : EXIT.connectorConfig;
  },
});

/**
 * A source that no longer loads never takes the guard down: the installed snapshot stays and
 * answers (its header says why, and hook.log once per new problem). Without a snapshot, hook calls
 * load the source (and fail with its error) until the file changes again.
 */
function keepSnapshot(id: string, path: string, reason: string): CompileResult {
  const kept = recordSourceProblem(id, reason);
  if (!kept) return recordUncompiled(id, path, reason);
  if (kept.news) logLine(`${id}: the source ${path} cannot be used (${reason}); hook calls answer from the installed snapshot`);
  return { ok: false, path, bytes: 0, bytecode: false, reason, snapshotKept: true };
}
