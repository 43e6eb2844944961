import type { Reply } from "../dialects/dialect.ts";
import { unreadLine } from "../core/timeout.ts";
import { whereOf, type HookArgs } from "./argv.ts";

/**
 * What the backstop shows when it must end a hook whose reply the host has not read by its own
 * timeout (src/hook/run.ts): one line that says so, and a deny as the exit-2 deny with its reason,
 * which every json-stdio host honours, since the JSON on stdout is cut.
 */
export const unreadReply = (args: HookArgs, reply: Reply): Reply => ({
  exitCode: reply.denyReason ? 2 : reply.exitCode,
  stderr: `${unreadLine(whereOf(args))}\n${reply.denyReason ? `${reply.denyReason}\n` : ""}`,
});
