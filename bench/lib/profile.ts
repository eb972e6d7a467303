import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export interface TopFrame {
  frame: string;
  selfPercent: number;
}

/** The frames with the most self time (same function and file together), as a share of all samples. */
export function topFrames(profile: CpuProfile, count = 15): TopFrame[] {
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*\/main\//, '');
    const frame = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + (node.hitCount ?? 0));
  }
  return [...byFrame.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, hits]) => ({ frame, selfPercent: Math.round((hits / total) * 1000) / 10 }));
}

/**
 * With BENCH_CPU_PROFILE=<dir>: a CPU profile of this process (the server's, the load generator being in its own) while
 * `work` runs, written as <dir>/<name>.cpuprofile (open it in Chrome's DevTools), its top frames printed and returned.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<{ result: T; top: TopFrame[] | null }> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return { result: await work(), top: null };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let result: T;
  let top: TopFrame[] = [];
  try {
    result = await work();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    top = topFrames(profile);
    console.log(`\nCPU profile ${name} (server process, self time):`);
    console.table(top);
  }
  return { result, top };
}
