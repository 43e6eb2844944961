/** Preloaded by bunfig.toml: removes every test folder once the whole run is over. */
import { afterAll } from "bun:test";
import { removeTempDirs } from "./temp.ts";

// Thousands of sandboxes on a busy machine take longer to delete than a hook's default 5 s.
afterAll(removeTempDirs, 120_000);
