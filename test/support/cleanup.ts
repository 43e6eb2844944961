/** Preloaded by bunfig.toml: removes every test folder once the whole run is over. */
import { afterAll } from "bun:test";
import { removeTempDirs } from "./temp.ts";

// Over a thousand sandboxes: on a loaded machine removing them takes longer than a hook's default 5 s.
afterAll(removeTempDirs, 120_000);
