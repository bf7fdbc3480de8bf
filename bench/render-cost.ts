/**
 * Measurement 1b, render cost: CPU time per full render, from the worker's own
 * V8 CPU profile, read through the inspector that `wrangler dev` opens.
 */
import { connectInspector } from "./inspector.ts";
import { BENCH_ARTICLE_PATH, BROWSER_UA, QUICK, RUNS, computeMedian, log, roundTo } from "./common.ts";

const PROFILED_PAGES = ["/blog", BENCH_ARTICLE_PATH] as const;
/** Sequential renders per profile. */
export const PROFILED_RENDERS = QUICK ? 60 : 300;
/** The profiler's sampling interval, in µs. */
export const SAMPLING_INTERVAL_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** One page's render cost, in CPU ms per render. */
export interface RenderCost {
  path: string;
  /** Median over the profiles, then each profile's figure. */
  cpuMs: number;
  runs: number[];
  /** The eight functions with the most self time, as `name (bundle file)`, averaged over the profiles. */
  top: Array<{ name: string; cpuMs: number }>;
}

/**
 * Profiles each page's renders `RUNS` times on a server with the page cache off; functions are named with their
 * bundle file so our code shows up beside the framework's. Throws when the inspector cannot be reached.
 */
export async function measureRenderCost(base: string, inspectorPort: number): Promise<RenderCost[]> {
  const inspector = await connectInspector(inspectorPort);
  const send = inspector.send;
  const render = async (pagePath: string) => {
    await (await fetch(`${base}${pagePath}`, { headers: { "user-agent": BROWSER_UA } })).arrayBuffer();
  };

  const results = [];
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    for (const pagePath of PROFILED_PAGES) {
      for (let warm = 0; warm < 30; warm++) await render(pagePath);
      const perRender: number[] = [];
      const self = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        await send("Profiler.start");
        for (let index = 0; index < PROFILED_RENDERS; index++) await render(pagePath);
        const { profile } = await send<{ profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }>(
          "Profiler.stop",
        );
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
        let busyUs = 0;
        profile.samples.forEach((sample, index) => {
          const frame = nodes.get(sample)!.callFrame;
          if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
          const delta = profile.timeDeltas[index] ?? 0;
          busyUs += delta;
          const file = frame.url.split("/").pop() || "native";
          // Fingerprints change with every build; without them the same function keeps its name across builds.
          const key = `${frame.functionName || "(anonymous)"} (${file.replace(/-[\w-]{8}\.js$/, ".js")})`;
          self.set(key, (self.get(key) ?? 0) + delta);
        });
        perRender.push(busyUs / 1000 / PROFILED_RENDERS);
      }
      const cpuMs = roundTo(computeMedian(perRender), 2);
      const top = [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, us]) => ({ name, cpuMs: roundTo(us / 1000 / PROFILED_RENDERS / RUNS, 3) }));
      log(`render cost ${pagePath}: ${cpuMs} CPU ms per render (${perRender.map((ms) => roundTo(ms, 2)).join(", ")})`);
      results.push({ path: pagePath, cpuMs, runs: perRender.map((ms) => roundTo(ms, 2)), top });
    }
    await send("Profiler.disable");
  } finally {
    inspector.close();
  }
  return results;
}
