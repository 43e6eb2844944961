/**
 * `bun build/reproducible.ts`: builds this machine's binary again, from scratch, and fails unless it
 * is byte for byte dist/agent-connector (run after `bun run build`, as `npm test` does). Every
 * target and the release archives: `npm run test:release`.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile, DIST } from "./compile.ts";

const built = join(DIST, "agent-connector");
const work = mkdtempSync(join(tmpdir(), "ac-rebuild-"));
try {
  const again = join(work, "agent-connector");
  await compile(again);
  const [a, b] = [readFileSync(built), readFileSync(again)];
  if (!a.equals(b)) {
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    console.error(
      `not reproducible: two builds of this tree differ (${a.length} and ${b.length} bytes, first at byte ${at}); was ${built} built from this tree?`,
    );
    process.exit(1);
  }
  console.log(`reproducible: a second build is byte for byte ${built} (${(a.length / 1e6).toFixed(1)} MB)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
