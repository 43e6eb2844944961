import { readFileSync } from "node:fs";
import { findAdapter, HOST_IDS } from "../../adapters/index.ts";
import { hostCases, kindCall } from "./_simulate-all.ts";
import { HookCalls } from "./_simulate-hook-call.ts";
import { EVENT_NAMES, isEventName, MATCHER_TARGET, type EventName } from "../events.ts";
import { normalizeEvent } from "../core/normalize.ts";
import { toolMatcherTest } from "../core/matcher.ts";
import { kindOf, type ToolContext } from "../tools/view.ts";
import { withUpdatedTool } from "../core/updated-tool.ts";
import { parseHandlerResult } from "../core/response.ts";
import { resolveResponse, type Degradation } from "../core/resolve.ts";
import { hostAbilities } from "../core/host-abilities.ts";
import { samplePayload, sampleTool } from "../core/sample-payload.ts";
import type { Reply, ResolvedResponse } from "../dialects/dialect.ts";
import type { Adapter } from "../adapter.ts";
import { denyReason } from "../dialects/reply.ts";
import { configArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { hostByName } from "./_host-names.ts";
import { printJson, printStdout } from "./_output.ts";
import { loadConfigArg } from "./_targets.ts";

/** `adapter`'s `payload` normalized for `connectorId`, and whether `matcher` lets the handler see it. */
function normalizedCall(adapter: Adapter, event: EventName, payload: unknown, connectorId: string, matcher: string | undefined) {
  const tools: ToolContext = { tools: adapter.tools, mcpName: adapter.mcp?.toolName };
  const normalized = normalizeEvent(event, payload, adapter.payload, {
    hostPlatform: adapter.id,
    connectorId,
    env: process.env,
    tools,
    can: hostAbilities(event, adapter.dialect),
  });
  const target = MATCHER_TARGET[event];
  const test = target ? toolMatcherTest(matcher, target === "toolName") : undefined;
  const name = target ? String((normalized as unknown as Record<string, unknown>)[target] ?? "") : "";
  return { tools, normalized, matched: !test || test(name, () => kindOf(tools, name)) };
}

/** One call of `hook` on `adapter`'s `payload`, as the hook path answers it: the handler's answer, what the host gets. */
export async function simulateCall(adapter: Adapter, event: EventName, payload: unknown, connectorId: string, hook: { matcher?: string; handler: unknown }) {
  const nativeEvent = adapter.events[event]!;
  const { tools, normalized, matched } = normalizedCall(adapter, event, payload, connectorId, hook.matcher);

  let returned: unknown;
  const degradations: Degradation[] = [];
  let reply: Reply = { exitCode: 0 };
  let problem: string | undefined;
  let resolved: ResolvedResponse = {};
  if (matched) {
    returned = await (hook.handler as (e: unknown) => unknown)(normalized);
    const parsed = parseHandlerResult(returned);
    if (!parsed.ok) problem = parsed.problem;
    if (parsed.response || parsed.ok) {
      const portable = withUpdatedTool(parsed.response, tools, normalized as { toolName?: string }, adapter.name);
      if (portable.lost) problem = portable.lost;
      resolved = resolveResponse(event, portable.response, adapter.dialect.capabilities, degradations, adapter.dialect.rewrite, adapter.dialect.extras);
      reply = adapter.dialect.render({ event, nativeEvent, response: resolved, connectorId, raw: payload as Record<string, unknown> });
      if (resolved.decision === "deny") reply = { ...reply, denyReason: denyReason(resolved.reason, connectorId) };
    }
  }
  return { normalized, matched, returned, problem, degradations, reply, resolved };
}

const EXPECTED = ["deny", "allow", "modify"] as const;

/** `simulate --all EVENT --shell CMD …`: the same call on every hook host, one line each; `--expect` names the hosts that differ. */
async function simulateAll(eventName: string, args: Record<string, unknown>, json: boolean): Promise<number> {
  if (!isEventName(eventName)) throw new UsageError(`unknown event "${eventName}"; events: ${EVENT_NAMES.join(", ")}`);
  const call = kindCall(args);
  if (!call) throw new UsageError("--all needs the call to make: --shell CMD, --write PATH, --edit PATH, --read PATH, --fetch URL or --search TEXT");
  const expected = args.expect as string | undefined;
  if (expected !== undefined && !(EXPECTED as readonly string[]).includes(expected))
    throw new UsageError(`--expect ${expected}: one of ${EXPECTED.join(", ")}`);
  const { path, config } = await loadConfigArg(args.config as string | undefined);
  const hook = config.hooks?.[eventName];
  if (!hook) throw new UsageError(`${path} has no ${eventName} hook`);
  const platforms = typeof args.platforms === "string" ? args.platforms.split(",").map((p) => p.trim()) : undefined;
  interface Row {
    host: string;
    skipped?: string;
    tool?: string;
    handler?: string;
    does?: string;
    problem?: string;
    differs?: boolean;
    reply?: Omit<Reply, "denyReason">;
  }
  const rows: Row[] = [];
  // Each host's call goes through the real hook path, in a process of its own (_simulate-hook-call.ts).
  const calls = new HookCalls();
  try {
    for (const item of hostCases(eventName, call, platforms)) {
      if (!item.payload) {
        rows.push({ host: item.host, skipped: item.skipped });
        continue;
      }
      const adapter = findAdapter(item.host)!;
      const { matched } = normalizedCall(adapter, eventName, item.payload, config.id, hook.matcher);
      const ran = calls.call(item.host, eventName, path, item.payload, adapter.input);
      // No record: the call had no opinion (the handler returned nothing, or was not called).
      const answered = !matched ? "not called" : (ran.record?.answer ?? "nothing");
      // What the host does, after degradation: no decision is the host's own flow (an allow for --expect).
      const does = ran.record?.enforced ?? "no opinion";
      const failed = ran.record?.outcome.startsWith("fail-") ? `${ran.record.outcome} (${ran.record.reason ?? ""})` : undefined;
      const differs =
        expected !== undefined &&
        (expected === "allow" ? does !== "allow" && does !== "no opinion" : expected === "modify" ? !does.startsWith("modify") : does !== expected);
      rows.push({
        host: item.host,
        tool: item.tool,
        handler: answered,
        does,
        ...(failed ? { problem: failed } : {}),
        differs,
        reply: { exitCode: ran.exitCode, stdout: ran.stdout || undefined, stderr: ran.stderr || undefined },
      });
    }
  } finally {
    calls.close();
  }
  const differ = rows.filter((r) => r.differs).map((r) => r.host);
  if (json) printJson({ connector: config.id, event: eventName, call, ...(expected ? { expect: expected } : {}), hosts: rows, differ });
  else {
    const lines = rows.map((r) =>
      r.skipped
        ? `${r.host}: cannot be asked (${r.skipped})`
        : `${r.host}: ${r.tool}: handler ${r.handler}; host does: ${r.does}${r.differs ? `  ≠ expected ${expected}` : ""}`,
    );
    if (expected) lines.push("", differ.length ? `${differ.length} host(s) do not ${expected}: ${differ.join(", ")}` : `every host asked does ${expected}`);
    printStdout(lines.join("\n"));
  }
  return differ.length ? EXIT.problems : EXIT.ok;
}

const show = (value: unknown) => (value === undefined ? "(nothing)" : JSON.stringify(value, null, 2));

export default defineAcCommand({
  meta: {
    name: "simulate",
    description:
      "Run a connector's handler on one event as a host would send it; print the normalized event, the response, the degradations and the host's exact reply. Writes nothing.",
  },
  args: {
    platform: { type: "positional", description: `Host id (${HOST_IDS.join(", ")}); with --all, the event`, required: true },
    event: { type: "positional", description: `Event (${EVENT_NAMES.join(", ")})`, required: false },
    all: { type: "boolean", description: "Every hook host at once, each with its own payload for the call --shell/--write/… describes: one line per host" },
    shell: { type: "string", description: "--all: a call of the host's shell tool running this command" },
    write: { type: "string", description: "--all: a call of the host's write tool on this path (--content TEXT for its text)" },
    content: { type: "string", description: "--all --write/--edit: the text written" },
    edit: { type: "string", description: "--all: a call of the host's edit tool on this path" },
    read: { type: "string", description: "--all: a call of the host's read tool on this path" },
    fetch: { type: "string", description: "--all: a call of the host's fetch tool on this URL" },
    search: { type: "string", description: "--all: a call of the host's search tool for this text" },
    expect: { type: "string", description: "--all: deny, allow or modify: exit 5 naming the hosts that do otherwise" },
    platforms: { type: "string", description: "--all: only these hosts (comma-separated ids)" },
    payload: { type: "string", description: "The host's JSON payload: a file, or - for stdin (default: a built-in sample for this host and event)" },
    ...configArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    if (args.all) return simulateAll(args.platform, args, json);
    if (!args.event) throw new UsageError("Missing required positional argument: EVENT");
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

    const { normalized, matched, returned, problem, degradations, reply } = await simulateCall(adapter, event, payload, config.id, hook);
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
    const target = MATCHER_TARGET[event];
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
