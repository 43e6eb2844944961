import { setDefaultTimeout } from "bun:test";
import { generous } from "./budget.ts";

/**
 * Every test's own time limit, unless it sets one: 30 s, scaled by the machine's load when the run
 * starts (budget.ts). bunfig.toml's `[test] timeout` is not read by bun test, and a preload's
 * setDefaultTimeout holds for the first test file only (1.4.5: the next files got 5 s, and at load 9
 * on two cores a test of three installs failed on it). So `npm test` also passes `--timeout 300000`:
 * a backstop for a test that hangs, never a measure of speed; a single file run alone gets this one.
 */
setDefaultTimeout(generous(30_000));
