import type { Adapter, Scope } from "../adapter.ts";
import type { EventName } from "../events.ts";
import { ADAPTERS, findAdapter, type HostId } from "../../adapters/index.ts";
import { degradationsFor } from "../core/resolve.ts";

/** Where a connector's hooks are (or are about to be) installed. */
export interface Placement {
  platform: HostId;
  scope: Scope;
}

export interface CrossHostWarning {
  /** The placement the warning belongs to: one of the targets. */
  target: Placement;
  message: string;
}

const same = (a: Placement, b: Placement) => a.platform === b.platform && a.scope === b.scope;

/** What the connector's events become when `host` runs another host's file (its `guest` contract). */
function underGuest(host: Adapter, events: readonly EventName[]): string {
  const view = host.guest ?? host;
  const missing = events.filter((event) => !view.events[event]);
  const degraded = events
    .filter((event) => view.events[event])
    .flatMap((event) => degradationsFor(event, view.dialect.capabilities, view.dialect).map((d) => `${d.event} ${d.from} → ${d.to}`));
  const parts = [...(missing.length ? [`${missing.join(", ")} never ${missing.length === 1 ? "fires" : "fire"}`] : []), ...degraded];
  return parts.length ? ` Under ${host.name}: ${parts.join("; ")}.` : "";
}

/**
 * Hosts that run other hosts' hook files (adapter `alsoRuns`), for one connector: a handler
 * installed for G at a scope H reads fires under H too, and twice when the connector also has
 * H's own entries. `targets` are being installed now, `installed` are in the registry already,
 * `detected` says whether a host is on this machine. Only pairs involving a target are reported.
 */
export function crossHostWarnings(
  targets: Placement[],
  installed: Placement[],
  detected: (platform: HostId) => boolean,
  events: readonly EventName[] = [],
): CrossHostWarning[] {
  const all = [...targets, ...installed.filter((p) => !targets.some((t) => same(t, p)))];
  const warnings: CrossHostWarning[] = [];
  for (const host of ADAPTERS) {
    for (const also of host.alsoRuns ?? []) {
      const guest = findAdapter(also.platform);
      if (!guest) continue;
      for (const placement of all.filter((p) => p.platform === guest.id && also.scopes.includes(p.scope))) {
        const when = also.when ? ` ${also.when}` : "";
        const runs = `${host.name} also runs ${guest.name}'s ${placement.scope}-scope hooks${when}`;
        const own = all.find((p) => p.platform === host.id);
        const target = targets.find((t) => same(t, placement)) ?? (own && targets.find((t) => same(t, own)));
        if (own && target) {
          warnings.push({
            target,
            message: `${runs}, and this connector is installed for ${host.name} (${own.scope}) too: each of its handlers fires twice there for one event, both times with hostPlatform "${host.id}". Keep one of the two installs.${underGuest(host, events)}`,
          });
        } else if (!own && target && detected(host.id)) {
          warnings.push({
            target,
            message: `${runs}: ${host.name} is on this machine, so these handlers run there too, with hostPlatform "${host.id}".${underGuest(host, events)}`,
          });
        }
      }
    }
  }
  return warnings;
}
