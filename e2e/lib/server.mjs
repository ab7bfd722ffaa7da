// Starts the real `beehive` binary for a test file: a free loopback port, a fresh temporary
// working directory (so the default SQLite database under ./data is empty) and a known
// administrator password.

import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is e2e/lib/server.mjs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The first administrator's password the tests start the server with. */
export const TEST_ADMIN_PASSWORD = 'E2e-Test-Passw0rd!';

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** Servers still running; killed if the test process exits without stopping them. */
const live = new Set();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** @returns {string} the binary under test: env BEEHIVE_BIN, else <repo>/target/release/beehive. */
export function beehiveBinary() {
  return process.env.BEEHIVE_BIN ? path.resolve(process.env.BEEHIVE_BIN) : path.join(REPO_ROOT, 'target', 'release', 'beehive');
}

/** @returns {Promise<number>} a port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {object} Beehive
 * @property {string} baseURL  e.g. `http://127.0.0.1:41234`
 * @property {string} workDir  the server's temporary working directory
 * @property {() => string} output  everything the server printed so far (stdout and stderr, interleaved)
 * @property {() => Promise<number | null>} stop  SIGTERM, wait for the exit (SIGKILL after 10 s), remove the work dir; resolves to the exit code
 */

/**
 * Spawns `beehive serve --bind 127.0.0.1:<free port>` and waits until `GET /api/health` answers
 * `result: true`. Rejects (with the server's output) if it exits early or is not healthy in 30 s.
 *
 * @param {{ env?: Record<string, string | undefined>, args?: string[] }} [options]
 *   `env` is merged over the defaults (a key set to `undefined` removes it); `args` are appended.
 * @returns {Promise<Beehive>}
 */
export async function startBeehive({ env = {}, args = [] } = {}) {
  const binary = beehiveBinary();
  if (!existsSync(binary)) {
    throw new Error(
      `beehive binary not found at ${binary}. Build it first: ` +
        '(cd web && npm ci && npm run build) && cargo build --release -p server, or set BEEHIVE_BIN.',
    );
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'beehive-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const childEnv = beehiveEnv(env);

  const child = spawn(binary, ['serve', '--bind', `127.0.0.1:${port}`, ...args], {
    cwd: workDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (log += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (log += chunk));

  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      if (signal) log += `\n[beehive exited on signal ${signal}]\n`;
      resolve(code);
    });
    child.once('error', (error) => {
      log += `\n[cannot spawn ${binary}: ${error.message}]\n`;
      resolve(null);
    });
  });
  let running = true;
  void exited.then(() => {
    running = false;
    live.delete(child);
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return exited;
    stopped = true;
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        log += '\n[beehive did not stop within 10 s of SIGTERM: killed]\n';
        child.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(workDir, { recursive: true, force: true });
    return exited;
  };

  try {
    await waitHealthy(baseURL, () => running);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- beehive output ---\n${log}--- end of output ---`);
  }
  return { baseURL, workDir, output: () => log, stop };
}

/**
 * The environment of a `beehive` process: ours, with the known administrator password, without
 * the settings that would point it elsewhere (so the defaults apply: the database under the
 * working directory, our bind address), then `env` merged over it (`undefined` removes a key).
 *
 * @param {Record<string, string | undefined>} env
 * @returns {NodeJS.ProcessEnv}
 */
function beehiveEnv(env) {
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, BEEHIVE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
  delete childEnv.DATABASE_URL;
  delete childEnv.BEEHIVE_BIND;
  delete childEnv.BEEHIVE_TOKEN_LIFETIME;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  return childEnv;
}

/**
 * Runs a one-shot `beehive` command (e.g. `create-capital-user`) in `workDir`, the working
 * directory of a running server, so that it uses the same SQLite database. Rejects, with the
 * command's output, when it does not exit with 0 within 30 s.
 *
 * @param {string} workDir
 * @param {string[]} args
 * @param {Record<string, string | undefined>} [env]  merged as for `startBeehive`
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
export function runBeehive(workDir, args, env = {}) {
  const binary = beehiveBinary();
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd: workDir, env: beehiveEnv(env), timeout: 30_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`beehive ${args.join(' ')} failed: ${error.message}\n--- stdout ---\n${stdout}--- stderr ---\n${stderr}`));
      } else {
        resolve({ stdout, stderr });
      }
    });
  });
}

/**
 * @param {string} baseURL
 * @param {() => boolean} isRunning
 */
async function waitHealthy(baseURL, isRunning) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error('beehive exited before it answered /api/health');
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.json();
      if (body && body.result === true) return;
      last = `HTTP ${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`beehive did not answer /api/health with result: true within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`);
}
