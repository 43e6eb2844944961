import { EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { printJson, printStdout, tilde } from "./_output.ts";
import { UsageError } from "./_fail.ts";
import { userHome } from "../paths.ts";
import { daemonState, describeDaemon, startDaemonAndWait, stopDaemon } from "../daemon/state.ts";

export const ACTIONS = ["status", "start", "stop", "serve"] as const;

export default defineAcCommand({
  meta: {
    name: "daemon",
    description:
      "The resident process that answers hook calls fast (the first hook call starts it; it leaves after 10 min idle; AGENT_CONNECTOR_DAEMON=0 turns it off): status, start (and wait until it is ready), stop, or serve (in the foreground)",
  },
  args: {
    action: { type: "positional", required: false, description: `${ACTIONS.join(" | ")} (default: status)` },
    ...jsonArgs,
  },
  async run({ args, json }) {
    const action = (args.action ?? "status") as (typeof ACTIONS)[number];
    if (!ACTIONS.includes(action)) throw new UsageError(`unknown action "${action}": ${ACTIONS.join(", ")}`);
    if (action === "serve") {
      const { ALREADY_SERVED, serveDaemon } = await import("../daemon/serve.ts");
      const refused = await serveDaemon();
      if (refused === ALREADY_SERVED) return EXIT.ok;
      if (refused) throw new Error(`the daemon cannot start: ${refused}`);
      // Serving: the daemon leaves by itself (idle, replaced, stopped), so this never returns.
      return new Promise<never>(() => {});
    }
    if (action === "stop") {
      const stopped = await stopDaemon();
      if (json) printJson({ stopped });
      else printStdout(stopped ? "daemon stopped; the next hook call starts it again" : "no daemon was running");
      return EXIT.ok;
    }
    const state = action === "start" ? await startDaemonAndWait() : await daemonState();
    if (json) printJson(state);
    else printStdout(`daemon: ${describeDaemon(state)}${"socket" in state ? `\nsocket: ${tilde(state.socket, userHome())}` : ""}`);
    return action === "start" && state.state !== "running" ? EXIT.failure : EXIT.ok;
  },
});
