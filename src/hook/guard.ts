/** The outcome of running user code under a time budget with process.exit disarmed. */
export type Outcome =
  | { kind: "returned"; value: unknown }
  | { kind: "threw"; error: unknown }
  | { kind: "timed-out" }
  | { kind: "exited"; code: unknown };

class ExitAttempt extends Error {
  constructor(readonly code: unknown) {
    super(`handler called process.exit(${String(code)})`);
  }
}

/**
 * Runs `fn` so that nothing it does can wedge the host or print on our stdout: a hang ends at
 * the budget, process.exit and stray exceptions become outcomes, console.log goes to stderr.
 */
export async function runGuarded(fn: () => unknown, budgetMs: number): Promise<Outcome> {
  const realExit = process.exit;
  const realLog = console.log;
  const realInfo = console.info;
  let settle!: (outcome: Outcome) => void;
  const done = new Promise<Outcome>((resolve) => (settle = resolve));
  const onStray = (error: unknown) =>
    settle(error instanceof ExitAttempt ? { kind: "exited", code: error.code } : { kind: "threw", error });

  process.exit = ((code?: unknown) => {
    throw new ExitAttempt(code);
  }) as typeof process.exit;
  console.log = console.error;
  console.info = console.error;
  process.on("uncaughtException", onStray);
  process.on("unhandledRejection", onStray);
  const timer = setTimeout(() => settle({ kind: "timed-out" }), budgetMs);

  try {
    Promise.resolve()
      .then(fn)
      .then((value) => settle({ kind: "returned", value }), onStray);
    return await done;
  } finally {
    clearTimeout(timer);
    process.exit = realExit;
    console.log = realLog;
    console.info = realInfo;
  }
}
