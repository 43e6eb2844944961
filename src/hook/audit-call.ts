import type { ToolView } from "../tools/portable.ts";
import { redactionEnv, redactor, type RedactionSources } from "./redact.ts";
import { afterReply, logOnce } from "./io.ts";
import { logTarget } from "./home-trust.ts";
import { COMMIT } from "../version.ts";
import { impliedDecision, type Degradation } from "../core/resolve.ts";
import type { HookResponse } from "../events.ts";
import type { ResolvedResponse } from "../dialects/dialect.ts";
import { appendRecord } from "./ledger-write.ts";
import type { LedgerFs } from "./libc-files.ts";
import { DEFAULT_AUDIT_LEVEL, type AuditLevel } from "../audit/settings.ts";
import { machineAuditFile, machineLevel, notRoots, raised } from "../audit/machine.ts";

/**
 * What one hook call decided, gathered as the call goes (decide.ts notes the host, the tool and
 * the handler's answer; run.ts a failure) and written as one ledger record once the answer is out
 * (recordCall). One explicit object per process: a call in a process of its own has one call, a
 * daemon's worker answers one call at a time and recordCall empties it for the next.
 */
export interface CallFacts {
  /** The connector's `audit` setting, once its config is loaded. */
  level?: AuditLevel;
  /** The host that really called (a guest host reading another's files: itself). */
  host?: string;
  sessionId?: string;
  toolName?: string;
  tool?: ToolView;
  /** The handler's answer, before the host's limits: deny, allow, ask, modify, context, native, no opinion. */
  answer?: string;
  /** What the host acts on after degradation (the decision of the resolved response). */
  enforced?: string;
  /** How the answer fares on this host: "as answered", or the degradation it suffers. */
  effect?: string;
  reason?: string;
  /** handler, no-match (the default), fail-open: <why>, fail-closed: <why>. */
  outcome?: string;
}

export const callFacts: CallFacts = {};

/** What the ledger is appended with: node:fs, loaded once the answer is out, unless a call of its own gave glibc's calls (libc-files.ts). */
const ledger: { files?: LedgerFs } = {};
export const appendLedgerWith = (files: LedgerFs): void => void (ledger.files = files);

/** Text fields are cut to this many characters before they are scrubbed. */
const MAX_FIELD = 300;
/** At most this many paths of one tool call. */
const MAX_PATHS = 10;

const cut = (text: string): string => (text.length > MAX_FIELD ? `${text.slice(0, MAX_FIELD)}…` : text);

/**
 * Scrubbed as every line we write (src/hook/redact.ts), by the call's environment and token
 * shapes, not by the payload's strings: the command is a payload string, and is what is recorded.
 */
const scrubber = (sources: RedactionSources): ((text: string | undefined) => string | undefined) => {
  // Gathered at the first field, once the answer is out (recordCall says why), then kept for the others.
  let scrub: ((text: string) => string) | undefined;
  return (text) => (text === undefined ? undefined : (scrub ??= redactor(sources))(cut(text)));
};

/** A failure's short name in the outcome (the whole message is the record's reason). */
function failureKind(message: string): string {
  if (/time budget|did not answer/.test(message)) return "timeout";
  if (/^handler threw|stray error/.test(message)) return "throw";
  if (/process\.exit/.test(message)) return "exit";
  if (/cannot be loaded|config|registry|not installed/.test(message)) return "config";
  return "error";
}

/** A call that could not decide: failed open, or denied where its definition fails closed. */
export function noteFailure(closed: boolean, message: string): void {
  callFacts.outcome = `${closed ? "fail-closed" : "fail-open"}: ${failureKind(message)}`;
  callFacts.enforced = closed ? "deny" : "no opinion";
  callFacts.reason = message;
}

function toolOf(facts: CallFacts, scrub: ReturnType<typeof scrubber>): Record<string, unknown> | undefined {
  const view = facts.tool;
  if (!facts.toolName && !view) return undefined;
  const paths = view?.filePaths?.slice(0, MAX_PATHS).map((path) => scrub(path)!);
  return {
    kind: view?.kind,
    name: scrub(facts.toolName),
    command: scrub(view?.command),
    ...(paths?.length ? { paths } : {}),
    url: scrub(view?.url),
  };
}

/** Whether a call with these facts is recorded at this level. */
const wanted = (level: AuditLevel, answer: string, outcome: string): boolean =>
  level === "all" || (level === "decisions" && (answer !== "no opinion" || outcome.startsWith("fail-")));

/**
 * The call is answered: its record is appended after the reply is out (io.ts afterReply, which
 * the process awaits before it exits and a worker after its answer is sent), and the facts are
 * emptied for the next call.
 */
export function recordCall(call: { platform: string; event: string; connector?: string }, latencyMs: number): void {
  const facts = { ...callFacts };
  for (const key of Object.keys(callFacts)) delete callFacts[key as keyof CallFacts];
  const answer = facts.answer ?? "no opinion";
  const outcome = facts.outcome ?? (facts.answer ? "handler" : "no-match");
  const level = facts.level ?? DEFAULT_AUDIT_LEVEL;
  // A home another user could change is not written to at all (home-trust.ts).
  if (logTarget.refused) return;
  const time = new Date().toISOString();
  // This call's environment, taken now: the scrubbing and the append wait until the answer is out
  // (a daemon's worker sends it in this same turn, before any of this runs).
  const scrub = scrubber(redactionEnv());
  const record = () => ({
    time,
    host: facts.host ?? call.platform,
    ...(facts.host && facts.host !== call.platform ? { installedFor: call.platform } : {}),
    event: call.event,
    connector: call.connector,
    session: scrub(facts.sessionId),
    tool: toolOf(facts, scrub),
    answer,
    enforced: facts.enforced ?? "no opinion",
    effect: facts.effect,
    reason: scrub(facts.reason),
    outcome,
    latencyMs: Math.round(latencyMs * 10) / 10,
    build: COMMIT,
  });
  // A ledger folder another user could change is not written to, and never silently (status and doctor say it too).
  const refused = (why: string) =>
    logOnce(
      "ledger-refused",
      `${why}: this call's decision was not recorded in the ledger, since another local user could change it. Make it yours and writable by you only (chown, chmod go-w)`,
    );
  const write = () =>
    (ledger.files ? Promise.resolve(ledger.files) : import("node:fs")).then((files: LedgerFs) => appendRecord(files, record(), process.env, refused));
  if (wanted(level, answer, outcome)) afterReply(write());
  // The machine-wide setting can only raise the level: read (a stat, usually) only when it could.
  else if (level !== "all") afterReply(machineWide(process.env).then((machine) => (wanted(raised(level, machine), answer, outcome) ? write() : undefined)));
}

/**
 * The machine-wide level (src/audit/machine.ts), after the answer is out: one stat when there is no
 * file, the usual case. A file that is not root's alone, or that does not parse, is ignored and
 * said once in hook.log.
 */
async function machineWide(env: Record<string, string | undefined>): Promise<AuditLevel | undefined> {
  const path = machineAuditFile(env);
  const file = Bun.file(path);
  try {
    const folder = path.slice(0, Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")));
    const problem = notRoots(path, await file.stat()) ?? notRoots(folder, await Bun.file(folder).stat());
    const { level, problem: unreadable } = problem ? { problem } : machineLevel(await file.text());
    if (unreadable) logOnce("machine-audit", `the machine-wide audit setting is ignored: ${unreadable}. It must be root's, writable by root only: ${path}`);
    return level;
  } catch {
    return undefined; // no file: the usual case
  }
}

/** The handler's answer, what the host acts on after its limits (resolve.ts), and how the two differ. */
export function noteAnswer(response: HookResponse | undefined, resolved: ResolvedResponse, lost: readonly Degradation[]): void {
  // A halt wins over any decision (docs/connector.md#responses): it is the answer, recorded even where the host cannot end the run.
  const answer = response?.halt ? "halt" : ((response && impliedDecision(response)) ?? "no opinion");
  callFacts.answer = answer;
  const decided = resolved.decision ?? (resolved.additionalContext !== undefined ? "context" : "no opinion");
  // A rewrite that goes with a decision (an approving host's modify, an allow or ask that rewrites) says both.
  callFacts.enforced = resolved.halt ? "halt" : resolved.updatedInput && decided !== "modify" ? `modify + ${decided}` : decided;
  callFacts.effect = lost.find((d) => d.from === answer)?.to ?? "as answered";
  callFacts.reason = response?.reason;
}
