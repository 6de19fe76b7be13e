import { useId, type SVGProps } from "react";
import type { ReportChart } from "~/reports/chart.server";

// A report's chart (issue 19 item 4): the geometry comes from the loader (app/reports/chart.server.ts); this only
// draws it, so no chart code reaches the browser. Bars and points carry their value in a <title>.

export function ReportChartSvg({ chart }: { chart: ReportChart }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const { plot } = chart;
  const bars = chart.kind === "bar";
  // The frame scrolls sideways on a narrow screen rather than shrinking the labels past reading; a region the
  // keyboard can reach and scroll (axe scrollable-region-focusable), named by the chart's title.
  return (
    <div className="report-chart-frame" role="region" aria-labelledby={titleId} tabIndex={0}>
      <svg
        className={`report-chart report-chart--${chart.kind}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width={chart.width}
        height={chart.height}
      >
        <title id={titleId}>{chart.title}</title>
        <desc id={descId}>{chart.description}</desc>

        <g className="report-chart__grid" aria-hidden="true">
          {bars
            ? chart.xTicks.map((t) => <line key={`g${t.x}`} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />)
            : chart.yTicks.map((t) => <line key={`g${t.y}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />)}
        </g>

        <g className="report-chart__axis report-chart__axis--x">
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} aria-hidden="true" />
          {chart.xTicks.map((t, i) => (
            <TickLabel key={`x${i}`} tick={t} x={t.x} y={plot.bottom + 18} textAnchor="middle" />
          ))}
          <text
            className="report-chart__label"
            x={(plot.left + plot.right) / 2}
            y={chart.height - 8}
            textAnchor="middle"
          >
            {chart.xLabel}
          </text>
        </g>

        <g className="report-chart__axis report-chart__axis--y">
          <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} aria-hidden="true" />
          {chart.yTicks.map((t, i) => (
            <TickLabel key={`y${i}`} tick={t} x={plot.left - 8} y={t.y} textAnchor="end" dominantBaseline="middle" />
          ))}
          <text
            className="report-chart__label"
            transform={`translate(14 ${(plot.top + plot.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {chart.yLabel}
          </text>
        </g>

        {chart.bars ? (
          <g className="report-chart__bars">
            {chart.bars.map((bar, i) => (
              <rect key={i} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
                <title>{`${bar.label}: ${bar.valueText}`}</title>
              </rect>
            ))}
            <line
              className="report-chart__zero"
              x1={chart.zero}
              x2={chart.zero}
              y1={plot.top}
              y2={plot.bottom}
              aria-hidden="true"
            />
          </g>
        ) : null}

        {chart.path ? <path className="report-chart__line" d={chart.path} aria-hidden="true" /> : null}
        {chart.points ? (
          <g className="report-chart__points">
            {chart.points.map((point, i) => (
              <circle key={i} cx={point.x} cy={point.y} r={4}>
                <title>{`${point.label}: ${point.valueText}`}</title>
              </circle>
            ))}
          </g>
        ) : null}
      </svg>
    </div>
  );
}

/** A tick's words; a shortened one keeps the whole in a <title>, shown on hover. */
function TickLabel({ tick, ...text }: { tick: { label: string; full?: string } } & SVGProps<SVGTextElement>) {
  return (
    <g>
      {tick.full ? <title>{tick.full}</title> : null}
      <text {...text}>{tick.label}</text>
    </g>
  );
}
