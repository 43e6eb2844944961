/**
 * Two builds compared, each against the floor, the way `npm run bench` measures one:
 *
 *   bun bench/ab.ts <binary-a> <binary-b> [--runs 300] [--rounds 3] [--in-process]
 *
 * The floor alternates with one binary at a time, never with both in one rotation: A then B for
 * `rounds` rounds, then B then A as many. In one A/B here, whichever binary ran second read lower
 * in both orders, so a difference counts only if it holds in both. Both answer the small
 * connector's PreToolUse deny through daemons of their own (every build has one), or with
 * --in-process each in a process of its own (AGENT_CONNECTOR_DAEMON=0, the cold path); A installs
 * it, so B must read what A's install wrote (builds of the same format). Fresh copies of all three.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  buildFloor,
  config,
  daemonOf,
  DENY,
  fixture,
  freshCopy,
  installProject,
  loadAverage,
  machineSince,
  median,
  once,
  sh,
  SMALL_HOOKS,
  work,
} from "./support.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const [pathA, pathB] = args.filter((word, i) => !word.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!pathA || !pathB) {
  console.error("usage: bun bench/ab.ts <binary-a> <binary-b> [--runs 300] [--rounds 3] [--in-process]");
  rmSync(work, { recursive: true, force: true });
  process.exit(2);
}
const runs = flag("--runs", 300);
const rounds = flag("--rounds", 3);
const coldPath = args.includes("--in-process") ? { AGENT_CONNECTOR_DAEMON: "0" } : undefined;

const floor = buildFloor();
const binaries = { A: freshCopy(pathA, "a"), B: freshCopy(pathB, "b") };
const words = installProject(binaries.A, "bench", { "agent-connector.config.ts": config("bench", "", SMALL_HOOKS) }, "PreToolUse");
const payload = fixture("PreToolUse", join(work, "bench"));
if (!coldPath) for (const binary of Object.values(binaries)) daemonOf(binary);

/** The ratio of medians, ours to the floor, over `runs` alternating calls (after 10 of each to warm up). */
async function ratio(binary: string): Promise<number> {
  const floorMs: number[] = [];
  const oursMs: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    const f = await once([floor], payload);
    const o = await once([binary, ...words], payload, DENY, coldPath);
    if (i < 10) continue;
    floorMs.push(f.wall);
    oursMs.push(o.wall);
  }
  return median(oursMs) / median(floorMs);
}

const machine = machineSince();
console.log(
  `A: ${pathA}\nB: ${pathB}\n${coldPath ? "in-process (AGENT_CONNECTOR_DAEMON=0), " : ""}${runs} alternating runs per round, ${rounds} rounds per order, load average ${loadAverage()}\n`,
);
const ratios: Record<"A" | "B", number[]> = { A: [], B: [] };
let roundsWonByA = 0;
for (const order of [
  ["A", "B"],
  ["B", "A"],
] as const) {
  for (let round = 0; round < rounds; round++) {
    const got = { A: 0, B: 0 };
    for (const name of order) got[name] = await ratio(binaries[name]);
    ratios.A.push(got.A);
    ratios.B.push(got.B);
    if (got.A < got.B) roundsWonByA++;
    console.log(`${order.join(" then ")}, round ${round + 1}: A ${got.A.toFixed(3)}×, B ${got.B.toFixed(3)}×`);
  }
}
const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const [a, b] = [mean(ratios.A), mean(ratios.B)];
console.log(
  `\nmean: A ${a.toFixed(3)}×, B ${b.toFixed(3)}× (B − A ${(b - a >= 0 ? "+" : "") + (b - a).toFixed(3)}×); A lower in ${roundsWonByA} of ${ratios.A.length} rounds`,
);
console.log(`after: ${machine()}`);
if (!coldPath) for (const binary of Object.values(binaries)) sh([binary, "daemon", "stop"]);
rmSync(work, { recursive: true, force: true });
