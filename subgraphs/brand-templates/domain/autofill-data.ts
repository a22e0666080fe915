import type { BrandTemplateField, PrismaClient } from "../../../generated/prisma/client.js";
import { BadRequestError } from "../../../lib/errors.js";
import { assetVisibleToTeam } from "../../assets/public.js";
import type { ChartCell, ChartRows, ElementFill } from "../../designs/public.js";

/** Documented bounds of autofill values. */
export const TEXT_MAX = 10_000;
export const CHART_ROWS_MAX = 100;
export const CHART_CELLS_MAX = 20;
const CELL_TEXT_MAX = 255;
/** Dates are Unix seconds within what a JavaScript date holds. */
const DATE_SECONDS_MAX = 8.64e12;

type Json = Record<string, unknown>;

/** A bad request naming the data field (a long name is cut in the message). */
function refused(path: string, message: string): BadRequestError {
  const field = `data.${path.length > 60 ? `${path.slice(0, 60)}…` : path}`;
  return new BadRequestError(`${field}: ${message}`, { field });
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function cellOf(cell: unknown, path: string): ChartCell {
  if (!isObject(cell)) throw refused(path, "a cell is { type, value }");
  const { type, value } = cell;
  if (type === "string" && typeof value === "string" && [...value].length <= CELL_TEXT_MAX) return { type, value };
  if (type === "number" && typeof value === "number" && Number.isFinite(value)) return { type, value };
  if (type === "boolean" && typeof value === "boolean") return { type, value };
  if (type === "date" && Number.isInteger(value) && Math.abs(value as number) <= DATE_SECONDS_MAX) return { type, value: value as number };
  throw refused(path, `a cell's type is string (at most ${CELL_TEXT_MAX} characters), number, boolean or date (Unix seconds) and its value of that type`);
}

function chartRowsOf(chartData: unknown, path: string): ChartRows {
  const rows = isObject(chartData) ? chartData.rows : undefined;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > CHART_ROWS_MAX) throw refused(`${path}.chart_data.rows`, `1 to ${CHART_ROWS_MAX} rows are required`);
  return rows.map((row, index) => {
    const cells = isObject(row) ? row.cells : undefined;
    const at = `${path}.chart_data.rows[${index}].cells`;
    if (!Array.isArray(cells) || cells.length < 1 || cells.length > CHART_CELLS_MAX) throw refused(at, `a row has 1 to ${CHART_CELLS_MAX} cells`);
    return cells.map((cell, column) => cellOf(cell, `${at}[${column}]`));
  });
}

async function fillOf(db: PrismaClient, teamId: string, field: BrandTemplateField, value: unknown): Promise<ElementFill> {
  const { name } = field;
  if (!isObject(value) || value.type !== field.type) throw refused(name, `the field is of type ${field.type}: give { "type": "${field.type}", … }`);
  if (field.type === "text") {
    if (typeof value.text !== "string" || [...value.text].length > TEXT_MAX) throw refused(`${name}.text`, `text is a string of at most ${TEXT_MAX} characters`);
    return { type: "text", text: value.text };
  }
  if (field.type === "image") {
    const asset = typeof value.asset_id === "string" ? await assetVisibleToTeam(db, value.asset_id, teamId) : null;
    if (!asset || asset.type !== "image") throw refused(`${name}.asset_id`, "asset_id must be an image asset of the caller's team");
    return { type: "image", assetId: asset.id };
  }
  return { type: "chart", rows: chartRowsOf(value.chart_data, name) };
}

/**
 * The request's data checked against the template's fields, as fills of the snapshot's elements.
 * Refused as a bad request naming the field: data that is not an object, a name the
 * template does not declare, a value of another type or malformed, an image that is not an image
 * asset of the caller's team. Fields left out keep the template's content.
 */
export async function checkedFills(db: PrismaClient, teamId: string, fields: readonly BrandTemplateField[], data: unknown): Promise<Record<string, ElementFill>> {
  if (!isObject(data)) throw new BadRequestError("data must be an object of data field names to values", { field: "data" });
  const names = Object.keys(data);
  if (names.length > fields.length) throw new BadRequestError(`data has ${names.length} fields; the template declares ${fields.length}`, { field: "data" });
  const byName = new Map(fields.map((field) => [field.name, field]));
  const fills: Record<string, ElementFill> = {};
  for (const name of names) {
    const field = byName.get(name);
    if (!field) throw refused(name, "the template has no such data field");
    fills[field.elementId] = await fillOf(db, teamId, field, data[name]);
  }
  return fills;
}

/** The image assets the fills show, which the job checks again before it fills anything. */
export function filledAssetIds(fills: Record<string, ElementFill>): string[] {
  return Object.values(fills).flatMap((fill) => (fill.type === "image" ? [fill.assetId] : []));
}
