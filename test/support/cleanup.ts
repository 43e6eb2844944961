/** Preloaded by bunfig.toml: removes every test folder once the whole run is over. */
import { afterAll } from "bun:test";
import { removeTempDirs } from "./temp.ts";

// Thousands of sandboxes: on a loaded machine deleting them outlasts bun's default hook timeout.
afterAll(removeTempDirs, { timeout: 120_000 });
