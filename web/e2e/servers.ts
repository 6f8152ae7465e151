// Where the servers under test listen and keep their data. Read by the config (in the runner and
// in every worker) and by specs that look into a server's data folder (its outbox).

/** How many servers, and so workers, the suite runs side by side (LADEN_E2E_WORKERS, default 2). */
export const SERVERS = Math.max(1, Number(process.env['LADEN_E2E_WORKERS'] ?? 2));

/** The port of the first server; the others follow it. */
export const E2E_PORT_BASE = Number(process.env['LADEN_E2E_PORT'] ?? 18765);

/**
 * The index of this worker's server: Playwright's TEST_PARALLEL_INDEX in a worker (0 … workers-1,
 * kept when a worker is replaced), 0 in the runner.
 */
const index = (): number => Number(process.env['TEST_PARALLEL_INDEX'] ?? 0) % SERVERS;

/** The data folder of server `i` (default: this worker's). */
export const e2eData = (i: number = index()): string => `${process.env['LADEN_E2E_DATA'] ?? '/tmp/laden-e2e'}/${i}`;

/** The port of this worker's server. */
export const E2E_PORT = E2E_PORT_BASE + index();
