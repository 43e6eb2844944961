import { setDefaultTimeout } from "bun:test";
import { generous } from "./budget.ts";

/**
 * Every test's own time limit, unless it sets one: 30 s, scaled by the machine's load when the run
 * starts (budget.ts). bunfig.toml's `[test] timeout` is not read by bun test (1.4.5: a test without
 * its own timeout got 5 s, and `self-install --dry-run`, which runs the binary four times, failed at
 * load 6 on two cores).
 */
setDefaultTimeout(generous(30_000));
