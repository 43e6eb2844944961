/**
 * docs/connector.md's table of the newer events (`newer-events`): each candidate of
 * adapters/event-candidates.ts, the hosts with a native analog (for a normalized event, the hosts
 * whose adapter wires it, read from their `events`), whether it passes the rule, and what it is now:
 * normalized, or left to nativeHooks (with the hosts that take it there, and why).
 */
import type { Adapter } from "../src/adapter.ts";
import { isEventName } from "../src/events.ts";
import { CANDIDATES, NORMALIZE_AT, type Candidate } from "../adapters/event-candidates.ts";

/** The hosts with a native analog of the candidate: wired ones (normalized) and listed ones, by id. */
export function analogHosts(candidate: Candidate, adapters: readonly Adapter[]): string[] {
  const wired = isEventName(candidate.event) ? adapters.filter((a) => a.events[candidate.event as keyof Adapter["events"]]).map((a) => a.id) : [];
  return [...new Set([...wired, ...Object.keys(candidate.analogs)])];
}

export const passesRule = (candidate: Candidate, adapters: readonly Adapter[]): boolean => analogHosts(candidate, adapters).length >= NORMALIZE_AT;

/** Whether platforms.<id>.nativeHooks can reach this host-only name on the host. */
const takesNative = (a: Adapter, name: string): boolean => a.nativeHooks && (!a.nativeEvents || a.nativeEvents.includes(name));

export function newerEventsTable(adapters: readonly Adapter[]): string[] {
  const byId = new Map(adapters.map((a) => [a.id, a]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const row = (c: Candidate): string => {
    const hosts = analogHosts(c, adapters);
    const listed = hosts
      .map((id) => {
        const analog = c.analogs[id as keyof Candidate["analogs"]];
        const names = analog ? [analog.name, ...(analog.also ?? [])] : [];
        const spelled = names.length && names.join() !== c.event ? ` (${names.join(", ")})` : "";
        return `${nameOf(id)}${spelled}${analog?.notWired ? `: not wired, ${analog.notWired}` : ""}`;
      })
      .join("; ");
    const unlike = Object.entries(c.unlike ?? {}).map(([id, why]) => `${nameOf(id)}'s ${c.event} is ${why}`);
    const hostsCell = [`${hosts.length}: ${listed || "none"}`, ...unlike.map((u) => `not counted: ${u}`)].join("; ");
    const passes = hosts.length >= NORMALIZE_AT ? "yes" : "no";
    let now: string;
    if (isEventName(c.event)) now = "normalized";
    else {
      const native = hosts.filter((id) => {
        const a = byId.get(id);
        return a && takesNative(a, c.analogs[id as keyof Candidate["analogs"]]?.name ?? c.event);
      });
      const where = native.length ? `nativeHooks on ${native.map(nameOf).join(", ")}` : "no host takes it through nativeHooks";
      now = c.left ? `${where}: ${c.left}` : where;
    }
    return `| ${c.event} | ${c.what} | ${hostsCell} | ${passes} | ${now} |`;
  };
  return [`| event | fires when | hosts with a native analog | ${NORMALIZE_AT} or more | now |`, "|---|---|---|---|---|", ...CANDIDATES.map(row)];
}
