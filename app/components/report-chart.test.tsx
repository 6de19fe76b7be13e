import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { reportChart } from "~/reports/chart.server";
import { ReportChartSvg } from "./report-chart";

describe("ReportChartSvg", () => {
  it("an accessible SVG: role img, labelled by its title, described by its description, bars with titles", () => {
    const name = "Extra-long reflective waterproof parka with detachable fleece lining";
    const chart = reportChart("top-products", [
      { itemId: "1", code: "P1", name, quantity: 3, amount: 1 },
      { itemId: "2", code: "P2", name: "Boots", quantity: 1, amount: 1 },
    ])!;
    const html = renderToStaticMarkup(<ReportChartSvg chart={chart} />);
    expect(html).toMatch(/<svg[^>]* role="img"/);
    expect(html).toMatch(/^<div class="report-chart-frame" role="region" aria-labelledby="[^"]+" tabindex="0">/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)![1];
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<title id="${labelledBy}">Top products: quantity by product</title>`);
    expect(html).toContain(`<desc id="${describedBy}">${chart.description}</desc>`);
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain(`<title>${name}: 3</title>`);
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(">Quantity</text>");
    expect(html).not.toContain("<path");
  });

  it("a line chart draws its path and a point per month", () => {
    const chart = reportChart("spend-by-month", [
      { month: "2026-01", orders: 1, subTotal: 10 },
      { month: "2026-02", orders: 1, subTotal: 20 },
    ])!;
    const html = renderToStaticMarkup(<ReportChartSvg chart={chart} />);
    expect(html).toContain(`d="${chart.path}"`);
    expect(html.match(/<circle /g)).toHaveLength(2);
    expect(html).toContain("<title>Feb 2026: £20.00</title>");
    expect(html).toContain(">Jan 2026</text>");
  });
});
