import { afterAll, describe, expect, test } from "bun:test";
import { sandbox } from "../support/harness.ts";
import { claudeDeny, configWithHandler, LOADS, prePayload } from "./support.ts";

/** User output never reaches the host's stdout: the reply is the only thing there, exactly. */
const box = sandbox();
const DENY = "({ decision: 'deny', reason: 'no' })";

const ROUTES: Record<string, { handler?: string; prelude?: string }> = {
  "console.log at the config's top level": { prelude: "console.log('top');" },
  "console.log in the handler": { handler: `() => { console.log('x'); return ${DENY}; }` },
  "console.info and console.debug": { handler: `() => { console.info('i'); console.debug('d'); return ${DENY}; }` },
  "console.table": { handler: `() => { console.table([{ a: 1 }]); return ${DENY}; }` },
  "console.dir": { handler: `() => { console.dir({ a: 1 }); return ${DENY}; }` },
  "console.count and console.group": { handler: `() => { console.count(); console.group('g'); return ${DENY}; }` },
  "process.stdout.write": { handler: `() => { process.stdout.write('x'); return ${DENY}; }` },
  "process.stdout.write at the top level": { prelude: "process.stdout.write('top');" },
  "Bun.write(Bun.stdout)": { handler: `async () => { await Bun.write(Bun.stdout, 'x'); return ${DENY}; }` },
  "Bun.write(Bun.file(1))": { handler: `async () => { await Bun.write(Bun.file(1), 'x'); return ${DENY}; }` },
  "Bun.write('/dev/stdout')": { handler: `async () => { await Bun.write('/dev/stdout', 'x'); return ${DENY}; }` },
  "fs.writeSync(1) (named import)": { prelude: 'import { writeSync } from "node:fs";', handler: `() => { writeSync(1, 'x'); return ${DENY}; }` },
  "fs.writeSync(1) at the top level": { prelude: 'import { writeSync } from "node:fs";\nwriteSync(1, "top");' },
  "fs.writeSync(1) (namespace import of fs)": { prelude: 'import * as fs from "fs";', handler: `() => { fs.writeSync(1, 'x'); return ${DENY}; }` },
  "fs.writeFileSync('/dev/stdout')": { prelude: 'import fs from "node:fs";', handler: `() => { fs.writeFileSync('/dev/stdout', 'x'); return ${DENY}; }` },
  "closeSync(1), then a deny": { prelude: 'import { closeSync } from "node:fs";', handler: `() => { closeSync(1); return ${DENY}; }` },
};

describe.each(Object.entries(LOADS))("stdout is ours alone (%s)", (_load, load) => {
  for (const [name, { handler, prelude }] of Object.entries(ROUTES)) {
    test(name, () => {
      const config = configWithHandler(box, handler ?? `() => ${DENY}`, prelude, `out-${name.replace(/\W+/g, "-")}.config.ts`);
      const result = box.hook("claude-code", "PreToolUse", prePayload(), load(box, config));
      expect(result.stdout).toBe(claudeDeny("no"));
      expect(result.exitCode).toBe(0);
    });
  }
});

describe("stdout is ours alone", () => {
  test("install --json stays one JSON document when the config prints at its top level", () => {
    const config = configWithHandler(
      box,
      `() => ${DENY}`,
      "console.log('top'); console.info('info'); process.stdout.write('raw');",
      "prints-on-load.config.ts",
    );
    // The box's id "test" was installed from another config by the cases above: --replace says this is meant.
    const result = box.cli(["install", "--config", config, "--platform", "claude-code", "--json", "--replace"]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).connector).toBe("test");
    expect(result.stderr).toContain("top");
  });

  test("closeSync(1) through a path we do not wrap: the deny survives as exit 2", () => {
    const config = configWithHandler(
      box,
      `async () => { const fs = await import("node:" + "fs"); fs.closeSync(1); return ${DENY}; }`,
      "",
      "close-dynamic.config.ts",
    );
    const result = box.hook("claude-code", "PreToolUse", prePayload(), { config });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("no\n");
  });
});

afterAll(() => console.log(`reliability/stdout: ${Object.keys(ROUTES).length + 1} routes to stdout, none reached it`));
