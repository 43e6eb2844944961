/** Preloaded by bunfig.toml: removes every test folder once the whole run is over. */
import { afterAll } from "bun:test";
import { removeTempDirs } from "./temp.ts";

// Thousands of folders on a busy machine: more than the default hook timeout.
afterAll(removeTempDirs, 120_000);
