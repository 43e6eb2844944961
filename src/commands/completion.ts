import { HOST_IDS } from "../../adapters/index.ts";
import { EVENT_NAMES } from "../events.ts";
import { readRegistry } from "../registry/read.ts";
import { defineAcCommand } from "./_command.ts";
import { commandSpecs, completionCandidates, SHELL_NAMES } from "./_completion-candidates.ts";
import { COMPLETION_SCRIPTS } from "./_completion-scripts.ts";
import { UsageError } from "./_fail.ts";
import { printStdout } from "./_output.ts";

export default defineAcCommand({
  meta: { name: "completion", description: "Print a shell completion script (commands, flags, host ids, connector ids): bash, zsh, fish or powershell" },
  args: {
    shell: { type: "positional", description: `One of ${SHELL_NAMES.join(", ")}`, required: false },
    connectors: { type: "boolean", description: "Print the installed connector ids, one a line (the PowerShell script calls this)" },
    complete: {
      type: "boolean",
      description:
        "Read the words typed after agent-connector, one a line on stdin (the last is being completed); print what may follow (the bash, zsh and fish scripts call this)",
    },
  },
  async run({ args }) {
    if (args.connectors) return void printStdout(Object.keys(await readRegistry()).join("\n"));
    if (args.complete) {
      const words = (await Bun.stdin.text()).replace(/\n$/, "").split("\n");
      const answer = await completionCandidates(words, await commandSpecs());
      return void printStdout(answer.kind === "files" ? "files" : ["words", ...answer.words].join("\n"));
    }
    const script = COMPLETION_SCRIPTS[args.shell as (typeof SHELL_NAMES)[number]];
    if (!script) throw new UsageError(`name a shell: agent-connector completion ${SHELL_NAMES.join("|")}`);
    printStdout(script(await commandSpecs(), { platforms: HOST_IDS, events: EVENT_NAMES }));
  },
});
