import type { Reply } from "../dialects/dialect.ts";
import { loadAdapter } from "../../adapters/hosts.ts";
import type { HookArgs } from "./argv.ts";
import { closedReply } from "./fail-closed.ts";

/**
 * The fail-closed deny of a call the hook runtime never ran (the daemon did not answer under
 * AGENT_CONNECTOR_DAEMON=require; a worker held past the deadline before it offered a deny of its
 * own), in the host's own shape: exit 2 is not a deny everywhere (Cline 3.0.65 ignores exit codes,
 * docs/hosts/cline.md). Nothing went to hook.log, so stderr is the reason alone.
 */
export async function closedAnswer(args: HookArgs, why: string): Promise<Reply> {
  const reply = closedReply(await loadAdapter(args.platform), args, why, undefined, "");
  return { ...reply, stderr: `${args.connector ?? "agent-connector"} failed closed: ${why}\n` };
}
