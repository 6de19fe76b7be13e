/**
 * The bench's main table (scripts/bench.ts): one row per seed, page and place of compression, with the page's
 * throughput beside its bytes' physical limit (decision 183), its latency at half its maximum, and CPU per request.
 */
import { shareOfLimit, shareVerdict, type compressionCost } from "./bench-limit";

export type SeedName = "small" | "large";
/** Where the answers are compressed: in the portal (the `compression` middleware), or by a reverse proxy in front
 * (the portal started with PORTAL_COMPRESSION=off: it sends, and the bare server serves, uncompressed bytes). */
export type Compression = "portal" | "proxy";
export type Load = {
  rps: number;
  p50: number;
  p99: number;
  count: number;
  errors: number;
  portalCpu: number;
  providerCpu: number;
  times?: number[];
};
export type Scenario = { key: string; name: string; paths: string[] };
export type Measured = {
  seed: SeedName;
  scenario: Scenario;
  compression: Compression;
  skipped?: string;
  shows: string[];
  max?: Load;
  open?: Load & { offered: number };
  /** the page's exact bytes from the bare server, driven the same way (closed loop) */
  limit?: Load;
  /** mean bytes on the wire per answer, and their content-encoding */
  wire?: { bytes: number; encoding: string };
  /** what compressing the uncompressed answers costs (the proxy rows; NaN when the answers came compressed) */
  compressing?: ReturnType<typeof compressionCost>;
};

export const TARGET_P99_MS = 50;

export const fixed = (n: number | undefined, digits = 0, width = 6) =>
  (n === undefined || !Number.isFinite(n) ? "–" : n.toFixed(digits)).padStart(width);

const percent = (share: number, width: number) =>
  Number.isFinite(share) ? `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`.padStart(width) : "–".padStart(width);

export function tableLines(all: readonly Measured[]): string[] {
  const head =
    `${"seed".padEnd(6)}${"page".padEnd(29)}${"compress".padEnd(9)}${"wire KB".padStart(12)}` +
    `${"max req/s".padStart(10)}${"/floor".padStart(8)}${"limit req/s".padStart(12)}${"share".padStart(8)} │` +
    `${"offered".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)} │` +
    `${"CPU ms/req: portal".padStart(19)}${"provider".padStart(9)} │ verdict`;
  const lines = [head, "─".repeat(head.length + 20)];
  for (const m of all) {
    const label = m.seed.padEnd(6) + m.scenario.name.padEnd(29) + m.compression.padEnd(9);
    if (!m.max) {
      lines.push(`${label}not measured: ${m.skipped}`);
      continue;
    }
    const floor = all.find(
      (f) => f.seed === m.seed && f.compression === m.compression && f.scenario.key === "floor",
    )?.max;
    const isFloor = m.scenario.key === "floor";
    const ratio = floor && floor.rps > 0 ? m.max.rps / floor.rps : NaN;
    const share = shareOfLimit(m.max.rps, m.limit?.rps ?? NaN);
    const wire = m.wire ? `${fixed(m.wire.bytes / 1024, 1, 0)} ${m.wire.encoding}` : "–";
    const errors = m.max.errors + (m.open?.errors ?? 0) + (m.limit?.errors ?? 0);
    const verdicts = [
      shareVerdict(m.scenario.key, share),
      isFloor || !m.open ? null : m.open.p99 <= TARGET_P99_MS ? "p99 ok" : "p99 OVER",
      !m.open || m.open.rps >= 0.9 * m.open.offered
        ? null
        : `served only ${m.open.rps.toFixed(0)} req/s of the offered rate`,
      errors ? `non-200 ${errors}` : null,
    ].filter(Boolean);
    lines.push(
      `${label}${wire.padStart(12)}${fixed(m.max.rps, 0, 10)}${isFloor ? "".padStart(8) : percent(ratio, 8)}` +
        `${fixed(m.limit?.rps, 0, 12)}${percent(share, 8)} │` +
        `${fixed(m.open?.offered, 0, 8)}${fixed(m.open?.p50, 1, 8)}${fixed(m.open?.p99, 1, 8)} │` +
        `${fixed(m.max.portalCpu, 2, 19)}${fixed(m.max.providerCpu, 2, 9)} │ ${verdicts.join(", ")}`,
    );
  }
  return lines;
}

/**
 * Decision 184: each page compressed in the portal beside the same page left uncompressed for a reverse proxy: the
 * portal's CPU and throughput both ways, and what the proxy's compression of those bytes costs (brotli 4, gzip 6).
 */
export function compressionLines(all: readonly Measured[]): string[] {
  const lines: string[] = [];
  for (const inPortal of all.filter((m) => m.compression === "portal" && m.max)) {
    const byProxy = all.find(
      (m) => m.compression === "proxy" && m.max && m.seed === inPortal.seed && m.scenario.key === inPortal.scenario.key,
    );
    if (!byProxy) continue;
    const [a, b] = [inPortal.max!, byProxy.max!];
    const kb = (m: Measured) => (m.wire ? `${(m.wire.bytes / 1024).toFixed(1)} KB ${m.wire.encoding}` : "–");
    const change = a.rps > 0 ? `${b.rps >= a.rps ? "+" : ""}${(((b.rps - a.rps) / a.rps) * 100).toFixed(0)} %` : "–";
    const cost = byProxy.compressing;
    lines.push(
      `  ${inPortal.seed.padEnd(6)}${inPortal.scenario.name.padEnd(29)}` +
        `in the portal ${kb(inPortal)}, portal CPU ${fixed(a.portalCpu, 2, 0)} ms/req, ${fixed(a.rps, 0, 0)} req/s; ` +
        `by a proxy ${kb(byProxy)}, portal CPU ${fixed(b.portalCpu, 2, 0)} ms/req, ${fixed(b.rps, 0, 0)} req/s (${change})` +
        (cost && Number.isFinite(cost.brMs)
          ? `; the proxy's work: br ${fixed(cost.brMs, 2, 0)} ms → ${fixed(cost.brBytes / 1024, 1, 0)} KB, gzip ${fixed(cost.gzipMs, 2, 0)} ms → ${fixed(cost.gzipBytes / 1024, 1, 0)} KB`
          : ""),
    );
  }
  if (lines.length === 0) return [];
  return [
    "compression in the portal, or by a reverse proxy (the portal with PORTAL_COMPRESSION=off; the proxy's work timed " +
      "here with the same zlib/brotli at the middleware's settings; decision 184):",
    ...lines,
  ];
}
