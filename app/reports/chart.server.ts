import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { CURRENCY_SYMBOL } from "~/domain/constants";
import {
  formatReportCell,
  REPORT_DEFINITIONS,
  reportCategoryLabel,
  type ReportColumn,
  type ReportType,
} from "~/domain/reports";
import { countOf } from "~/domain/plural";

// A report's chart as plain geometry (issue 19 item 4, decision 123): d3-scale and d3-shape run here, on the server,
// and the page draws the numbers as SVG with no chart code in the browser (app/components/report-chart.tsx).

export type ChartTick = { x: number; label: string; full?: string };
export type ChartYTick = { y: number; label: string; full?: string };
export type ChartBar = { x: number; y: number; width: number; height: number; label: string; valueText: string };
export type ChartPoint = { x: number; y: number; label: string; valueText: string };

export type ReportChart = {
  kind: "bar" | "line";
  title: string;
  description: string;
  width: number;
  height: number;
  /** The plotting area inside the margins; the axes run along its left and bottom edges. */
  plot: { left: number; top: number; right: number; bottom: number };
  xLabel: string;
  yLabel: string;
  /** Bars: the value ticks along the bottom. Line: the months. */
  xTicks: ChartTick[];
  /** Bars: a category label beside each bar (shortened, `full` holds the whole). Line: the value ticks. */
  yTicks: ChartYTick[];
  /** Where the value 0 lies: an x for bars, a y for the line. */
  zero: number;
  bars?: ChartBar[];
  path?: string;
  points?: ChartPoint[];
};

export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 360;
/** Each bar's row: bars lie across, so a long name reads in full-ish and a hundred products still fit. */
export const BAR_ROW_HEIGHT = 24;
const LABEL_CHARS = 28;
const VALUE_TICKS = 5;

const round = (n: number) => Math.round(n * 10) / 10;

/** A long category name cut to fit beside its bar; the page puts the whole in a <title>. */
export function shortenLabel(text: string, max = LABEL_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function valueOf(row: Record<string, unknown>, key: string): number {
  const value = row[key];
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

function valueColumn(type: ReportType): ReportColumn {
  const { columns, value, valueLabel } = REPORT_DEFINITIONS[type];
  return columns.find((c) => c.key === value) ?? { key: value, heading: valueLabel, format: "count" };
}

function categoryHeading(type: ReportType): string {
  if (type === "allowance-usage") return "Wearer and allocation type";
  const { columns, category } = REPORT_DEFINITIONS[type];
  return columns.find((c) => c.key === category)?.heading ?? category;
}

/** A value axis: nice round ticks from 0 (or below, for a negative value), money with £. */
function valueScale(values: readonly number[], range: [number, number], column: ReportColumn) {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const scale = scaleLinear()
    .domain(low === high ? [0, 1] : [low, high])
    .range(range)
    .nice(VALUE_TICKS);
  // Counts tick on whole numbers; money in whole pounds, or pence when the steps are smaller; hours to a tenth.
  const ticks = scale.ticks(VALUE_TICKS).filter((t) => column.format !== "count" || Number.isInteger(t));
  const specifier = column.format === "hours" ? ",.1f" : ticks.every(Number.isInteger) ? ",.0f" : ",.2f";
  const format = scale.tickFormat(VALUE_TICKS, specifier);
  const label = (t: number) =>
    (t < 0 ? "-" : "") + (column.format === "money" ? CURRENCY_SYMBOL : "") + format(Math.abs(t));
  return { scale, ticks, label };
}

function extremes(labels: readonly string[], values: readonly number[], texts: readonly string[]): string {
  let hi = 0;
  let lo = 0;
  values.forEach((v, i) => {
    if (v > values[hi]) hi = i;
    if (v < values[lo]) lo = i;
  });
  if (values.length === 1) return `${labels[0]}: ${texts[0]}.`;
  return `Highest: ${labels[hi]}, ${texts[hi]}. Lowest: ${labels[lo]}, ${texts[lo]}.`;
}

/**
 * The chart of a finished report's rows: bars lying across for categories (one row per bar, the chart as tall as it
 * needs), a line for months. Null when there is nothing to draw. `size.height` is the line chart's height; a bar
 * chart's height follows its number of rows.
 */
export function reportChart(
  type: ReportType,
  rows: readonly Record<string, unknown>[],
  size: { width: number; height: number } = { width: CHART_WIDTH, height: CHART_HEIGHT },
): ReportChart | null {
  if (rows.length === 0) return null;
  const definition = REPORT_DEFINITIONS[type];
  const column = valueColumn(type);
  const category = categoryHeading(type);
  const series: Series = {
    title: `${definition.label}: ${definition.valueLabel.toLowerCase()} by ${category.toLowerCase()}`,
    labels: rows.map((row) => reportCategoryLabel(type, row)),
    values: rows.map((row) => valueOf(row, column.key)),
    texts: rows.map((row) => formatReportCell(row, column)),
    column,
  };
  return definition.chart === "line"
    ? lineChart(series, size, { xLabel: category, yLabel: definition.valueLabel })
    : barChart(series, size.width, { xLabel: definition.valueLabel, yLabel: category });
}

type Series = { title: string; labels: string[]; values: number[]; texts: string[]; column: ReportColumn };
type Axes = { xLabel: string; yLabel: string };

function barChart({ title, labels, values, texts, column }: Series, width: number, axes: Axes): ReportChart {
  const plot = { left: 220, top: 16, right: width - 24, bottom: 16 + labels.length * BAR_ROW_HEIGHT };
  const band = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([plot.top, plot.bottom])
    .padding(0.2);
  const x = valueScale(values, [plot.left, plot.right], column);
  const zero = x.scale(0);
  const bars = values.map((value, i) => {
    const end = x.scale(value);
    const y = round(band(i) ?? 0);
    return {
      x: round(Math.min(zero, end)),
      y,
      width: round(Math.abs(end - zero)),
      height: round(band.bandwidth()),
      label: labels[i],
      valueText: texts[i],
    };
  });
  const yTicks = labels.map((label, i) => {
    const short = shortenLabel(label);
    return {
      y: round((band(i) ?? 0) + band.bandwidth() / 2),
      label: short,
      ...(short !== label ? { full: label } : {}),
    };
  });
  const what = `${axes.xLabel.toLowerCase()} for each ${axes.yLabel.toLowerCase()}`;
  return {
    kind: "bar",
    title,
    description: `Bar chart, ${countOf(labels.length, "bar")}, ${what}. ${extremes(labels, values, texts)}`,
    width,
    height: plot.bottom + 48,
    plot,
    ...axes,
    xTicks: x.ticks.map((t) => ({ x: round(x.scale(t)), label: x.label(t) })),
    yTicks,
    zero: round(zero),
    bars,
  };
}

function lineChart(
  { title, labels, values, texts, column }: Series,
  size: { width: number; height: number },
  axes: Axes,
): ReportChart {
  const { width, height } = size;
  const plot = { left: 72, top: 16, right: width - 24, bottom: height - 56 };
  const x = scalePoint<number>()
    .domain(labels.map((_, i) => i))
    .range([plot.left, plot.right])
    .padding(0.5);
  const y = valueScale(values, [plot.bottom, plot.top], column);
  const points = values.map((value, i) => ({
    x: round(x(i) ?? 0),
    y: round(y.scale(value)),
    label: labels[i],
    valueText: texts[i],
  }));
  const path = line<ChartPoint>()
    .x((p) => p.x)
    .y((p) => p.y)(points);
  // A month label is about 60 px wide: every month while they fit, otherwise every second, third…
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor((plot.right - plot.left) / 64))));
  const xTicks = labels.flatMap((label, i) => (i % step === 0 ? [{ x: points[i].x, label }] : []));
  const span = labels.length === 1 ? labels[0] : `${labels[0]} to ${labels[labels.length - 1]}`;
  const what = `${axes.yLabel.toLowerCase()} for each ${axes.xLabel.toLowerCase()}`;
  return {
    kind: "line",
    title,
    description: `Line chart of ${what}, ${span} (${countOf(labels.length, "point")}). ${extremes(labels, values, texts)}`,
    width,
    height,
    plot,
    ...axes,
    xTicks,
    yTicks: y.ticks.map((t) => ({ y: round(y.scale(t)), label: y.label(t) })),
    zero: round(y.scale(0)),
    path: path ?? "",
    points,
  };
}
