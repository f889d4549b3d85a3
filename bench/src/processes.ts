/**
 * Issue 36's bench keys: how long the process runner takes to act on a trigger under load, and how
 * long a standby instance takes to carry on when the active runner's instance dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { openSqliteEventStore, type RecordedEvent } from '@phonemarket/events';
import { summarize } from './stats.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `process_lag_p99_ms`: for every trigger of the given types in the log, the time from its decision to
 * the first command its process appended (the events whose causation is the trigger), read from the
 * events' own times (`metadata.at`, the injected clock: the system's here).
 */
export async function processLagFigures(eventsFile: string, triggerTypes: readonly string[]) {
  const store = openSqliteEventStore(eventsFile);
  try {
    const events = await store.readAll();
    const triggers = new Map<string, RecordedEvent>();
    for (const e of events) if (triggerTypes.includes(e.type)) triggers.set(e.id, e);
    const firstCommand = new Map<string, number>();
    for (const e of events) {
      const cause = e.metadata.causationId;
      const trigger = cause ? triggers.get(cause) : undefined;
      if (!trigger || e.stream === trigger.stream || firstCommand.has(cause!)) continue;
      firstCommand.set(cause!, Date.parse(e.metadata.at) - Date.parse(trigger.metadata.at));
    }
    return { ...summarize([...firstCommand.values()]), triggers: triggers.size };
  } finally {
    await store.close();
  }
}

interface Instance { url: string; child: ChildProcess }

function commandApi(dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(ROOT, 'command-api/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SIGNUP_LIMIT_PER_HOUR: '1000000' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /"port":(\d+)[^\n]*command-api listening/.exec(out);
      if (listening) resolve({ url: `http://127.0.0.1:${listening[1]}`, child });
    });
    child.on('exit', (code) => reject(new Error(`command-api exited (${code}) before listening`)));
  });
}

async function signUp(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-77', firstName: '벤치', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * `runner_failover_ms`: two command-api instances on one SQLite file; the active runner's instance is
 * killed (SIGKILL) and a sign-up is sent to the other at once; the time until its welcome points (the
 * sign-up's process) are in the log. Repeated `trials` times on a fresh pair; the worst is the figure.
 */
export async function runnerFailoverFigures(dataDirOf: (trial: number) => string, trials = 3) {
  const times: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const dataDir = dataDirOf(trial);
    const active = await commandApi(dataDir);
    const standby = await commandApi(dataDir);
    try {
      await signUp(active.url, `warm-${trial}@example.kr`);
      active.child.kill('SIGKILL');
      const killed = performance.now();
      const userId = await signUp(standby.url, `failover-${trial}@example.kr`);
      const store = openSqliteEventStore(path.join(dataDir, 'events.sqlite'));
      try {
        for (;;) {
          if ((await store.readStream(`wallet-${userId}`)).some((e) => e.type === 'WelcomeBenefitsGranted')) break;
          if (performance.now() - killed > 30_000) throw new Error('the standby never took over');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        await store.close();
      }
      times.push(performance.now() - killed);
    } finally {
      active.child.kill('SIGKILL');
      standby.child.kill('SIGKILL');
    }
  }
  return { worst: Math.max(...times), times };
}
