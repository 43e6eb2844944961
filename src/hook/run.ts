import { isEventName, type ConnectorConfig, type EventName } from "../events.ts";
import type { Adapter } from "../adapter.ts";
import type { Reply } from "../dialects/dialect.ts";
import { EMPTY_REPLY } from "../dialects/dialect.ts";
import { findAdapter } from "../../adapters/index.ts";
import { readRegistry } from "../registry/read.ts";
import { readConnectorConfig } from "../config/read.ts";
import { hookCallSchema } from "../config/hook-call-schema.ts";
import { normalizeEvent } from "../core/normalize.ts";
import { compileMatcher } from "../core/matcher.ts";
import { resolveResponse } from "../core/resolve.ts";
import { parseHandlerResult } from "../core/response.ts";
import { MATCHER_TARGET } from "../events.ts";
import { denyReason } from "../dialects/reply.ts";
import { handlerBudgetMs } from "../core/timeout.ts";
import { runGuarded, type Outcome } from "./guard.ts";
import { callingHost } from "./calling-host.ts";
import { flushLogs, hookLogPath, logLine, writeStderr, writeStdout } from "./io.ts";

export interface HookArgs {
  platform: string;
  event: string;
  connector?: string;
  config?: string;
  /** A host-only event from platforms.<id>.nativeHooks: raw in, verbatim out. */
  native?: boolean;
}

class FailOpen extends Error {}

/** What one hook call prints and exits with. Never throws: every failure is a fail-open reply. */
export async function hookReply(args: HookArgs, stdin: string | Promise<string>, env = process.env): Promise<Reply> {
  const where = `${args.platform} ${args.event}${args.connector ? ` (${args.connector})` : ""}`;
  const failOpen = (message: string): Reply => {
    logLine(`${where}: ${message}`);
    return { exitCode: 0, stderr: `agent-connector: ${where}: ${message}; allowed (fail-open), see ${hookLogPath()}\n` };
  };
  try {
    return await reply(args, stdin, env);
  } catch (error) {
    return failOpen(error instanceof FailOpen ? error.message : `internal error: ${(error as Error)?.stack ?? String(error)}`);
  }
}

async function reply(args: HookArgs, stdinText: string | Promise<string>, env: Record<string, string | undefined>): Promise<Reply> {
  const adapter = findAdapter(args.platform);
  if (!adapter) throw new FailOpen(`unknown platform "${args.platform}"`);
  // The config does not depend on the payload: load it while the host is still writing stdin.
  const configLoading = loadConfig(args, env);
  configLoading.catch(() => {});
  const stdin = await stdinText;
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch {
    throw new FailOpen(stdin.trim() ? "stdin is not valid JSON" : "stdin is empty");
  }
  const config = await configLoading;
  if (args.native) return nativeReply(args, config, payload);
  return normalizedReply(args, adapter, config, payload, env);
}

async function loadConfig(args: HookArgs, env: Record<string, string | undefined>): Promise<ConnectorConfig> {
  let path = args.config;
  if (!path) {
    if (!args.connector) throw new FailOpen("neither --connector nor --config given");
    const registry = await readRegistry(env).catch((error: Error) => {
      throw new FailOpen(`the registry cannot be read (${error.message}); reinstall the connector`);
    });
    path = registry[args.connector]?.config;
    if (!path) throw new FailOpen(`connector "${args.connector}" is not installed (no registry entry)`);
  }
  try {
    return await readConnectorConfig(path, hookCallSchema(args.native ? { platform: args.platform, native: args.event } : { event: args.event }));
  } catch (error) {
    throw new FailOpen((error as Error).message);
  }
}

async function nativeReply(args: HookArgs, config: ConnectorConfig, payload: unknown): Promise<Reply> {
  const hook = config.platforms?.[args.platform]?.nativeHooks?.[args.event];
  if (!hook) throw new FailOpen(`no native hook "${args.event}" for ${args.platform} in connector ${config.id}`);
  const outcome = await runGuarded(() => hook.handler(payload), handlerBudgetMs(config));
  if (outcome.kind !== "returned") throw new FailOpen(describe(outcome));
  if (outcome.value === undefined || outcome.value === null) return EMPTY_REPLY;
  return { exitCode: 0, stdout: `${JSON.stringify(outcome.value)}\n` };
}

async function normalizedReply(
  args: HookArgs,
  adapter: Adapter,
  config: ConnectorConfig,
  payload: unknown,
  env: Record<string, string | undefined>,
): Promise<Reply> {
  const event = args.event;
  if (!isEventName(event)) throw new FailOpen(`unknown event "${event}"`);
  const nativeEvent = adapter.events[event];
  if (!nativeEvent) throw new FailOpen(`${adapter.name} has no ${event} event`);
  const hook = config.hooks?.[event];
  if (!hook) return EMPTY_REPLY; // uninstalled from the config since install: no opinion.

  // Another host may be running the file we wrote for `adapter`: read and answer it in its shape.
  const host = callingHost(adapter, payload as Record<string, unknown>, env);
  let normalized;
  try {
    normalized = normalizeEvent(event, payload, host.payload, { hostPlatform: host.id, connectorId: config.id, env });
  } catch (error) {
    throw new FailOpen((error as Error).message);
  }
  const spurious = adapter.spurious?.[event];
  if (spurious && Object.entries(spurious).every(([key, value]) => (payload as Record<string, unknown>)[key] === value)) return EMPTY_REPLY;
  if (!matches(event, hook.matcher, normalized as unknown as Record<string, unknown>)) return EMPTY_REPLY;

  const outcome = await runGuarded(() => (hook.handler as (e: unknown) => unknown)(normalized), handlerBudgetMs(config));
  if (outcome.kind !== "returned") throw new FailOpen(describe(outcome));
  const parsed = parseHandlerResult(outcome.value);
  if (!parsed.ok && !parsed.response) throw new FailOpen(parsed.problem);
  if (!parsed.ok) logLine(`${args.platform} ${event} (${config.id}): ${parsed.problem}; the deny is kept`);

  const resolved = resolveResponse(event, parsed.response, host.dialect.capabilities);
  try {
    return host.dialect.render({ event, nativeEvent: host.events[event] ?? nativeEvent, response: resolved, connectorId: config.id, raw: payload as Record<string, unknown> });
  } catch (error) {
    if (resolved.decision !== "deny") throw error;
    // Exit 2 with the reason on stderr blocks on every json-stdio host we drove (docs/hosts/<id>.md).
    logLine(`${args.platform} ${event} (${config.id}): render failed (${(error as Error).message}); denied by exit 2`);
    return { exitCode: 2, stderr: `${denyReason(resolved.reason, config.id)}\n` };
  }
}

function matches(event: EventName, matcher: string | undefined, normalized: Record<string, unknown>): boolean {
  let pattern: RegExp | undefined;
  try {
    pattern = compileMatcher(matcher);
  } catch (error) {
    throw new FailOpen(`matcher ${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message})`);
  }
  const target = MATCHER_TARGET[event];
  if (!pattern || !target) return true;
  return pattern.test(String(normalized[target] ?? ""));
}

function describe(outcome: Exclude<Outcome, { kind: "returned" }>): string {
  switch (outcome.kind) {
    case "timed-out":
      return "handler did not answer within its time budget";
    case "exited":
      return `handler called process.exit(${String(outcome.code)})`;
    case "threw": {
      const error = outcome.error as Error;
      return `handler threw: ${error?.message ?? String(outcome.error)}`;
    }
  }
}

/** The `hook` command: read stdin, answer, exit. */
export async function runHook(args: HookArgs): Promise<never> {
  // Unreadable stdin is handled as empty: fail-open.
  const stdin = Bun.stdin.text().catch(() => "");
  const result = await hookReply(args, stdin);
  if (result.stdout) await writeStdout(result.stdout);
  if (result.stderr) await writeStderr(result.stderr);
  await flushLogs();
  process.exit(result.exitCode);
}
