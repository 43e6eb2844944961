/**
 * The Amp glue (`export default function (amp) { amp.on(event, handler) }`, Amp's experimental
 * plugin API as adapters/amp.ts pins it). Each handler hands `{hook, event, cwd}` to `ask`
 * (../dispatch.ts): Amp's event object verbatim, and the process's directory, which Amp's events
 * do not carry. Only tool.call acts on a Reply: {deny} → `{action: "reject-and-continue",
 * message}` (the model gets the message, the turn goes on); every other answer lets the call run.
 * tool.result is PostToolUse, or PostToolUseFailure when its status is not "done". A host-only
 * event of platforms.amp.nativeHooks gets the handler's object back verbatim.
 */
import { ask, prepare, guarded, SETTINGS, wanted, type Json } from "../dispatch.ts";
// agent-connector:glue:begin

export default function (amp: Json): void {
  prepare();
  const send = (event: string, hook: string, args: Json, toolName?: unknown) => ask(event, { hook, event: args, cwd: process.cwd() }, toolName);
  const on = (hook: string, fn: (event: Json) => Promise<unknown>) => amp.on(hook, guarded(hook, fn));
  const observe = (event: string, hook: string) => wanted(event) && on(hook, async (args) => void (await send(event, hook, args)));

  observe("SessionStart", "session.start");
  observe("UserPromptSubmit", "agent.start");
  observe("Stop", "agent.end");

  if (wanted("PreToolUse")) {
    on("tool.call", async (event) => {
      const reply = await send("PreToolUse", "tool.call", event, event?.tool);
      return typeof reply.deny === "string" ? { action: "reject-and-continue", message: reply.deny } : undefined;
    });
  }

  if (wanted("PostToolUse", "PostToolUseFailure")) {
    on("tool.result", async (event) => {
      const name = event?.status === "done" ? "PostToolUse" : "PostToolUseFailure";
      if (wanted(name)) await send(name, "tool.result", event, event?.tool);
    });
  }

  // Verbatim, but nothing for no opinion.
  for (const hook of SETTINGS.nativeEvents ?? []) {
    on(hook, async (event) => {
      const reply = await send(hook, hook, event);
      return Object.keys(reply).length ? reply : undefined;
    });
  }
}
