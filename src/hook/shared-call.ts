import type { Reply, ResolvedResponse } from "../dialects/dialect.ts";
import type { HandlerResult } from "../events.ts";
import { isEventName } from "../events.ts";
import { loadAdapter } from "../../adapters/hosts.ts";
import { mergeAnswers } from "../config/several.ts";
import { hookLogPath } from "../home.ts";
import { oneLine } from "../one-line.ts";
import { whereOf, type HookArgs, type SharedConnector } from "./argv.ts";
import { callingHost } from "./calling-host.ts";
import { PART_KEY, renderReply } from "./decide.ts";
import { closedReply } from "./fail-closed.ts";
import { hostPayload } from "./input.ts";
import { flushLogs, logLine } from "./io.ts";

/**
 * A launcher that serves several connectors (`hook <platform> <event> --connector a --connector b`:
 * a host that runs one file per event name, Cline and Mux). Each connector's part is a hook call of
 * its own (`--part`), run at the same time: through the daemon it goes to that connector's own
 * worker, so no connector shares a realm with another or sees its call (docs/decisions/shared-launcher.md).
 * Each part answers resolved for the host but not rendered; the parts merge by the rule of several
 * definitions (src/config/several.ts: deny over ask over modify over allow, contexts in the
 * launcher's order), and the merge is rendered once in the host's shape.
 * Failing open or closed stays each connector's own: a part that cannot decide is no opinion, or,
 * for a connector that fails closed, a deny in the merge whatever the others say.
 */

interface Part {
  connector: SharedConnector;
  answer: HandlerResult;
  stderr: string;
}

type Shared = HookArgs & { shared: SharedConnector[] };

/** The longest `timeout` a connector may set (seconds: timeoutSchema, src/config/hook-call-schema.ts), and the grace past a part's limit. */
const MAX_TIMEOUT_SECONDS = 600;
const PART_GRACE_MS = 2_000;

export async function answerShared(args: Shared): Promise<never> {
  const env = process.env;
  const stdin = await Bun.stdin.text().catch(() => "");
  const reply = await sharedReply(args, stdin, env).catch((error: unknown) =>
    failedReply(args, `internal error: ${String((error as Error)?.message ?? error)}`),
  );
  if (reply.stdout) await Bun.write(Bun.stdout, reply.stdout);
  if (reply.stderr) await Bun.write(Bun.stderr, reply.stderr);
  await flushLogs();
  return process.exit(reply.exitCode);
}

async function sharedReply(args: Shared, stdin: string, env: Record<string, string | undefined>): Promise<Reply> {
  const event = args.event;
  const adapter = await loadAdapter(args.platform);
  if (!adapter) return failedReply(args, `unknown platform "${args.platform}"`);
  if (!isEventName(event) || !adapter.events[event]) return failedReply(args, `${adapter.name} has no ${event} event`);
  // Each part ends within its own budget (its watchdog and backstop); this bounds a part that never
  // starts or never ends anyway: the host's own limit where it has one, else the longest timeout.
  const limitMs = ((adapter.hooks.kind === "hooks-folder" && adapter.hooks.folder.timeLimit) || MAX_TIMEOUT_SECONDS) * 1000 + PART_GRACE_MS;
  const parts = await Promise.all(args.shared.map((connector) => runPart(args, connector, stdin, env, limitMs)));
  const stderr = parts.map((p) => p.stderr).join("");
  const answer = mergeAnswers(parts.map((p) => p.answer)) as (Omit<ResolvedResponse, "decision"> & { decision?: string }) | undefined;
  if (!answer || typeof answer !== "object") return { exitCode: 0, ...(stderr ? { stderr } : {}) };
  // The merge names a context alone `context`; resolved for a host, that is no decision.
  const { decision, ...rest } = answer;
  const merged: ResolvedResponse = decision === "context" ? rest : (answer as ResolvedResponse);
  const payload = (await hostPayload(adapter.input, stdin, env)) as Record<string, unknown>;
  const host = await callingHost(adapter, payload, env);
  // The reply names the connector whose answer decided (a deny's default reason names it).
  const decider = parts.find((p) => merged.decision && (p.answer as ResolvedResponse | undefined)?.decision === merged.decision) ?? parts.find((p) => p.answer);
  const connectorId = decider?.connector.id ?? args.shared[0]!.id;
  const reply = renderReply(host, event, adapter.events[event]!, merged, connectorId, payload, whereOf(args));
  // A reply that blocks by its exit code gives the model its stderr as the reason: nothing else goes there.
  return reply.exitCode === 0 && stderr ? { ...reply, stderr: `${reply.stderr ?? ""}${stderr}` } : reply;
}

/** One connector's part: a hook call of its own, its answer read back from what it printed. */
async function runPart(args: Shared, connector: SharedConnector, stdin: string, env: Record<string, string | undefined>, limitMs: number): Promise<Part> {
  const words = ["hook", args.platform, args.event, "--connector", connector.id, ...(connector.failClosed ? ["--fail-closed"] : []), "--part"];
  let out: { stdout: string; stderr: string; exitCode: number | null; signal: string | null };
  try {
    const child = Bun.spawn([process.execPath, ...words], { stdin: new TextEncoder().encode(stdin), stdout: "pipe", stderr: "pipe", env: { ...env } });
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
    await child.exited;
    clearTimeout(timer);
    out = { stdout, stderr, exitCode: child.exitCode, signal: child.signalCode === null ? null : String(child.signalCode) };
  } catch (error) {
    out = { stdout: "", stderr: "", exitCode: null, signal: `not started: ${String((error as Error)?.message ?? error)}` };
  }
  const answer = partAnswer(out.stdout);
  if (answer.kind === "answer") return { connector, answer: answer.response, stderr: out.stderr };
  // Anything but a part's answer is that call's own failure reply: no opinion (fail-open), or,
  // where it blocked (its fail-closed deny: a non-empty reply or a blocking exit code), a deny.
  const blocked = out.signal !== null ? connector.failClosed : out.exitCode !== 0 || out.stdout.trim() !== "";
  if (!blocked) return { connector, answer: undefined, stderr: out.stderr };
  const why = oneLine(out.stderr.trim().split("\n")[0] || (out.signal ? `ended by ${out.signal}` : `exit ${out.exitCode}`));
  logLine(`${whereOf(args)}: ${connector.id} failed closed (${why}); the shared call denies`);
  return { connector, answer: { decision: "deny", reason: `${connector.id} failed closed` }, stderr: "" };
}

function partAnswer(stdout: string): { kind: "answer"; response: HandlerResult } | { kind: "other" } {
  if (!stdout.startsWith(`{"${PART_KEY}":1,`)) return { kind: "other" };
  try {
    return { kind: "answer", response: (JSON.parse(stdout) as { response: HandlerResult }).response };
  } catch {
    return { kind: "other" };
  }
}

/** The shared call itself cannot decide: fail-open, unless one of its connectors fails closed. */
function failedReply(args: Shared, why: string): Reply {
  const closed = args.shared.find((c) => c.failClosed);
  logLine(`${whereOf(args)}: ${why}; ${closed ? "denied (fail-closed)" : "allowed (fail-open)"}`);
  if (closed) return closedReply(undefined, { ...args, connector: closed.id, shared: undefined }, why, undefined, hookLogPath());
  return { exitCode: 0, stderr: `agent-connector: ${whereOf(args)}: ${why}; allowed (fail-open), see ${hookLogPath()}\n` };
}
