import type { DesignElement } from "../../../generated/prisma/client.js";
import { newId } from "./designs.js";

/** One cell of a chart's table: a date is Unix seconds. */
export interface ChartCell {
  type: "string" | "number" | "boolean" | "date";
  value: string | number | boolean;
}

export type ChartRows = ChartCell[][];

type Box = Pick<DesignElement, "x" | "y" | "width" | "height" | "z">;

export type NewElement = Omit<DesignElement, "pageId" | "version">;

const LABEL_SHARE = 0.4;
const BAR_FILL = "#3b6fd8";
const LABEL_COLOUR = "#222222";

function cellText(cell: ChartCell): string {
  if (cell.type === "date") return new Date(Number(cell.value) * 1000).toISOString().slice(0, 10);
  return String(cell.value);
}

function element(fields: Partial<NewElement> & Box & Pick<NewElement, "kind">): NewElement {
  return { id: newId("E"), assetId: null, text: null, fontSize: null, color: null, shape: null, fill: null, ...fields };
}

/**
 * A chart drawn as a horizontal bar chart in `box`: a band per row, top to bottom; the row's cells as
 * a text label in the band's left 40%, and, when the row has a number, a bar in the rest whose length
 * is that number (its first) over the largest one (negative numbers draw no bar).
 */
export function chartElements(box: Box, rows: ChartRows): NewElement[] {
  if (rows.length === 0) return [];
  const band = box.height / rows.length;
  const numberOf = (row: ChartCell[]) => row.find((cell) => cell.type === "number")?.value as number | undefined;
  const largest = Math.max(0, ...rows.map((row) => numberOf(row) ?? 0));
  const labelWidth = Math.max(1, Math.round(box.width * LABEL_SHARE));
  const barSpace = box.width - labelWidth;
  const fontSize = Math.max(1, Math.min(48, Math.floor(band * 0.6)));
  return rows.flatMap((row, index) => {
    const y = Math.round(box.y + index * band);
    const height = Math.max(1, Math.round(band));
    const label = element({ kind: "text", x: box.x, y, width: labelWidth, height, z: box.z, text: row.map(cellText).join(" "), fontSize, color: LABEL_COLOUR });
    const value = numberOf(row) ?? 0;
    const length = largest > 0 && value > 0 ? Math.max(1, Math.round((barSpace * value) / largest)) : 0;
    if (length === 0 || barSpace < 1) return [label];
    const barHeight = Math.max(1, Math.round(band * 0.7));
    const bar = element({ kind: "shape", shape: "rect", fill: BAR_FILL, x: box.x + labelWidth, y: y + Math.round((band - barHeight) / 2), width: length, height: barHeight, z: box.z });
    return [label, bar];
  });
}
