/** A shell typed into as a person would, in a private tmux server: what TAB really shows. */

export const has = (program: string): boolean => Bun.which(program) !== null;

export interface Terminal {
  type(keys: string[]): void;
  /** Waits until the screen shows `text` (or gives up after a few seconds), and returns the screen. */
  waitFor(text: string | RegExp): Promise<string>;
  close(): void;
}

export function terminal(command: string[], env: Record<string, string>): Terminal {
  const server = `ac-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", server, ...args], { stdout: "pipe", stderr: "pipe" });
  const envWords = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  tmux("new-session", "-d", "-s", "t", "-x", "200", "-y", "50", "env", "-i", ...envWords, ...command);
  const screen = () => tmux("capture-pane", "-p", "-t", "t").stdout.toString();
  return {
    type: (keys) => void tmux("send-keys", "-t", "t", ...keys),
    async waitFor(text) {
      for (let i = 0; i < 100; i++) {
        const shown = screen();
        if (typeof text === "string" ? shown.includes(text) : text.test(shown)) return shown;
        await Bun.sleep(100);
      }
      return screen();
    },
    close: () => void tmux("kill-server"),
  };
}
