/** Preloaded by bunfig.toml: removes every test folder once the whole run is over. */
import { afterAll } from "bun:test";
import { removeTempDirs } from "./temp.ts";

afterAll(removeTempDirs);
