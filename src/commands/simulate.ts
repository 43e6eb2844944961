import { readFileSync } from "node:fs";
import { HOST_IDS } from "../../adapters/index.ts";
import { EVENT_NAMES, isEventName, MATCHER_TARGET } from "../events.ts";
import { normalizeEvent } from "../core/normalize.ts";
import { toolMatcherTest } from "../core/matcher.ts";
import { kindOf, type ToolContext } from "../tools/view.ts";
import { withUpdatedTool } from "../tools/rewrite.ts";
import { parseHandlerResult } from "../core/response.ts";
import { resolveResponse, type Degradation } from "../core/resolve.ts";
import { samplePayload, sampleTool } from "../core/sample-payload.ts";
import type { Reply } from "../dialects/dialect.ts";
import { denyReason } from "../dialects/reply.ts";
import { configArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { hostByName } from "./_host-names.ts";
import { printJson, printStdout } from "./_output.ts";
import { loadConfigArg } from "./_targets.ts";

const show = (value: unknown) => (value === undefined ? "(nothing)" : JSON.stringify(value, null, 2));

export default defineAcCommand({
  meta: {
    name: "simulate",
    description:
      "Run a connector's handler on one event as a host would send it; print the normalized event, the response, the degradations and the host's exact reply. Writes nothing.",
  },
  args: {
    platform: { type: "positional", description: `Host id (${HOST_IDS.join(", ")})`, required: true },
    event: { type: "positional", description: `Event (${EVENT_NAMES.join(", ")})`, required: true },
    payload: { type: "string", description: "The host's JSON payload: a file, or - for stdin (default: a built-in sample for this host and event)" },
    ...configArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    const adapter = hostByName(args.platform);
    if (!isEventName(args.event)) throw new UsageError(`unknown event "${args.event}"; events: ${EVENT_NAMES.join(", ")}`);
    const event = args.event;
    const nativeEvent = adapter.events[event];
    if (!nativeEvent) throw new UsageError(`${adapter.name} has no ${event} event (agent-connector explain shows what it has)`);
    const { path, config } = await loadConfigArg(args.config);
    const hook = config.hooks?.[event];
    if (!hook) throw new UsageError(`${path} has no ${event} hook`);

    let payload: unknown;
    if (args.payload) {
      const text = args.payload === "-" ? readFileSync(0, "utf8") : readFileSync(args.payload, "utf8");
      try {
        payload = JSON.parse(text);
      } catch (error) {
        throw new UsageError(`--payload ${args.payload} is not JSON (${(error as Error).message})`);
      }
    } else payload = samplePayload(event, adapter.payload, { ...sampleTool(adapter.tools), projectDir: process.cwd() });

    const tools: ToolContext = { tools: adapter.tools, mcpName: adapter.mcp?.toolName };
    const normalized = normalizeEvent(event, payload, adapter.payload, { hostPlatform: adapter.id, connectorId: config.id, env: process.env, tools });
    const target = MATCHER_TARGET[event];
    const test = target ? toolMatcherTest(hook.matcher, target === "toolName") : undefined;
    const name = target ? String((normalized as unknown as Record<string, unknown>)[target] ?? "") : "";
    const matched = !test || test(name, () => kindOf(tools, name));

    let returned: unknown;
    const degradations: Degradation[] = [];
    let reply: Reply = { exitCode: 0 };
    let problem: string | undefined;
    if (matched) {
      returned = await (hook.handler as (e: unknown) => unknown)(normalized);
      const parsed = parseHandlerResult(returned);
      if (!parsed.ok) problem = parsed.problem;
      if (parsed.response || parsed.ok) {
        const portable = withUpdatedTool(parsed.response, tools, normalized as { toolName?: string }, adapter.name);
        if (portable.lost) problem = portable.lost;
        const resolved = resolveResponse(event, portable.response, adapter.dialect.capabilities, degradations);
        reply = adapter.dialect.render({ event, nativeEvent, response: resolved, connectorId: config.id, raw: payload as Record<string, unknown> });
        if (resolved.decision === "deny") reply = { ...reply, denyReason: denyReason(resolved.reason, config.id) };
      }
    }
    const { denyReason: _d, ...hostReply } = reply;

    // A problem is a handler whose answer the host would not get as meant: scripts must see it.
    const code = problem ? EXIT.problems : EXIT.ok;
    if (json) {
      printJson({
        connector: config.id,
        config: path,
        platform: adapter.id,
        event,
        nativeEvent,
        payload,
        normalized,
        matched,
        returned: returned ?? null,
        ...(problem ? { problem } : {}),
        degradations,
        reply: hostReply,
      });
      return code;
    }
    const { raw: _raw, ...event_ } = normalized as unknown as Record<string, unknown>;
    const lines = [
      `${config.id} on ${adapter.name}, ${event} (${nativeEvent})${args.payload ? "" : ", built-in sample payload"}`,
      "",
      `host payload:\n${show(payload)}`,
      "",
      `normalized event (raw: the payload above):\n${show(event_)}`,
      "",
    ];
    if (!matched)
      lines.push(
        `the matcher "${hook.matcher}" does not match ${target} "${String((normalized as unknown as Record<string, unknown>)[target!])}": the handler is not called`,
      );
    else {
      lines.push(`handler returned:\n${show(returned)}`);
      if (problem) lines.push(`problem: ${problem}`);
      lines.push(
        "",
        degradations.length
          ? `degradations on ${adapter.name}:\n${degradations.map((d) => `  ${d.event}: ${d.from} → ${d.to}`).join("\n")}`
          : "degradations: none",
      );
    }
    lines.push("", `${adapter.name} gets: exit ${hostReply.exitCode}`, `stdout: ${hostReply.stdout ? hostReply.stdout.trimEnd() : "(empty)"}`);
    if (hostReply.stderr) lines.push(`stderr: ${hostReply.stderr.trimEnd()}`);
    printStdout(lines.join("\n"));
    return code;
  },
});
