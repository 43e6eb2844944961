import { readFileSync } from "node:fs";
import { delimiter, dirname } from "node:path";
import { dryRunArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";
import { isCompiled, stableBinPath } from "../install/self/location.ts";
import { replaceBinary, type Replaced } from "../install/self/replace.ts";
import { versionLine } from "../version.ts";
import { userHome } from "../paths.ts";
import { homeRefusal } from "../install/home-trust.ts";

const onPath = (folder: string): boolean => (process.env.PATH ?? "").split(delimiter).includes(folder);

const done = (result: Replaced, where: string): string =>
  ({
    installed: `installed ${where}: ${result.version}`,
    replaced: `replaced ${where} (was ${result.previous ?? "unreadable"}): ${result.version}`,
    unchanged: `${where} is already this binary: ${result.version}`,
  })[result.status];

/** A dry run starts nothing, so the version said is this binary's own. */
const dryRunSaid = (result: Replaced, where: string): string =>
  ({
    installed: `would copy this binary (${versionLine()}) to ${where}; nothing was written (--dry-run)`,
    replaced: `would replace ${where} (${result.previous ?? "a binary that does not answer --version"}) with this binary (${versionLine()}); nothing was written (--dry-run)`,
    unchanged: `${where} is already this binary (${versionLine()}): nothing to do`,
  })[result.status];

export default defineAcCommand({
  meta: { name: "self-install", description: "Copy this binary to $AGENT_CONNECTOR_HOME/bin, the stable path hook commands call" },
  args: { ...dryRunArgs, ...jsonArgs },
  async run({ args, json }) {
    if (!isCompiled()) throw new UsageError("self-install copies the compiled binary: run `bun run build`, then dist/agent-connector self-install");
    const refused = homeRefusal();
    if (refused) throw new Error(refused);
    const target = stableBinPath();
    const result = replaceBinary(target, readFileSync(process.execPath), { dryRun: Boolean(args["dry-run"]) });
    const folder = dirname(target);
    if (json) return printJson({ ok: true, dryRun: Boolean(args["dry-run"]), ...result, onPath: onPath(folder) });
    const where = tilde(target, userHome());
    printStdout(args["dry-run"] ? dryRunSaid(result, where) : done(result, where));
    if (!onPath(folder)) ui.info(`To run it by name, add ${folder} to PATH (e.g. in ~/.profile: export PATH="${folder}:$PATH").`);
    ui.info("Hook commands written by `agent-connector install` call this path; `agent-connector upgrade` replaces it in place.");
    return EXIT.ok;
  },
});
