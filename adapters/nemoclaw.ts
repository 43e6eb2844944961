import { join } from "../src/paths.ts";
import { defineUnavailableAdapter } from "../src/families/unavailable.ts";

// Facts: docs/hosts/nemoclaw.md. NVIDIA's docs win over the fact sheet, which had install write
// the OpenClaw plugin on the host: the OpenClaw that NemoClaw runs lives in an OpenShell sandbox and
// loads only plugins baked into the sandbox image.
export default defineUnavailableAdapter({
  id: "nemoclaw",
  name: "NemoClaw",
  sources: ["https://docs.nvidia.com/nemoclaw/latest/deployment/install-openclaw-plugins.html", "https://docs.nvidia.com/nemoclaw/latest/about/overview.html"],
  verified: [{ by: "docs", on: "2026-12-04", note: "NVIDIA's: plugins must be baked into the sandbox image" }],
  paradigm: "ts-plugin",
  reason:
    "its OpenClaw runs inside an OpenShell sandbox that loads only plugins baked into the sandbox image (nemoclaw onboard --from <Dockerfile>), and neither the agent-connector binary nor the compiled connector is reachable from there.",
  detect: { dirs: ({ home }) => [join(home, ".nemoclaw")], bins: ["nemoclaw"] },
});
