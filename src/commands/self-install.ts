import { readFileSync } from "node:fs";
import { delimiter, dirname } from "node:path";
import { dryRunArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";
import { isCompiled, stableBinPath } from "../install/self/location.ts";
import { replaceBinary } from "../install/self/replace.ts";
import { userHome } from "../paths.ts";
import { homeRefusal } from "../install/home-trust.ts";

const onPath = (folder: string): boolean => (process.env.PATH ?? "").split(delimiter).includes(folder);

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
    const said = { installed: `installed ${where}`, replaced: `replaced ${where} (was ${result.previous ?? "unreadable"})`, unchanged: `${where} is already this binary` }[result.status];
    printStdout(`${args["dry-run"] ? "would have " : ""}${said}: ${result.version}`);
    if (!onPath(folder)) ui.info(`To run it by name, add ${folder} to PATH (e.g. in ~/.profile: export PATH="${folder}:$PATH").`);
    ui.info("Hook commands written by `agent-connector install` call this path; `agent-connector upgrade` replaces it in place.");
    return EXIT.ok;
  },
});
