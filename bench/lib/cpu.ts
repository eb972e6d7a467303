import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU of a process tree in ms: its own, its live descendants' and the ended children it has waited for. */
function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; own: number; reaped: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state ppid … utime(14) stime(15) cutime(16) cstime(17).
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) });
    } catch {
      // ended meanwhile
    }
  }
  let ticks = 0;
  const visit = (pid: number, root: boolean) => {
    const stat = stats.get(pid);
    if (!stat) return;
    ticks += stat.own + (root ? stat.reaped : 0);
    for (const [child, candidate] of stats) if (candidate.ppid === pid) visit(child, false);
  };
  visit(rootPid, true);
  return ticks * TICK_MS;
}

/** The postmaster's pid of a throwaway cluster (its data directory's postmaster.pid). */
export const postmasterPid = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

/**
 * CPU milliseconds spent while `work` ran by this process (the server: every thread, PGlite's worker included) and,
 * given a throwaway PostgreSQL cluster's directory, by that cluster's processes. On a shared machine the CPU a
 * request costs is steadier than requests per second.
 */
export async function cpuDuring<T>(clusterDir: string | null, work: () => Promise<T>): Promise<{ result: T; cpu: { serverMs: number; databaseMs: number } }> {
  const pid = clusterDir ? postmasterPid(clusterDir) : null;
  const serverBefore = process.cpuUsage();
  const databaseBefore = pid ? treeCpuMs(pid) : 0;
  const result = await work();
  const server = process.cpuUsage(serverBefore);
  const databaseMs = pid ? treeCpuMs(pid) - databaseBefore : 0;
  return { result, cpu: { serverMs: Math.round((server.user + server.system) / 1000), databaseMs } };
}
