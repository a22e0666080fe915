import type { DesignElementKind, DesignShape } from "../../../../generated/prisma/client.js";
import { ValidationError } from "../../../../lib/errors.js";
import { isResourceId, requiredText } from "../../../../lib/validation.js";
import { CUSTOM_MAX, CUSTOM_MIN } from "../design-types.js";
import { TITLE_MAX } from "../designs.js";

/** Where an element may be, in page pixels, and how large (each side). */
export const POSITION_LIMIT = 100_000;
export const SIZE_MAX = 100_000;
export const Z_LIMIT = 1_000_000;
export const TEXT_MAX = 10_000;
export const FONT_SIZE_MAX = 2000;
export const DEFAULT_FONT_SIZE = 32;
export const DEFAULT_COLOUR = "#000000";
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The properties an element's update may change (null or absent: unchanged). */
export interface ElementChanges {
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
  z?: number | null;
  text?: string | null;
  fontSize?: number | null;
  color?: string | null;
  fill?: string | null;
}

export interface AddElementInput extends ElementChanges {
  pageId: string;
  kind: DesignElementKind;
  x: number;
  y: number;
  width: number;
  height: number;
  shape?: DesignShape | null;
  assetId?: string | null;
}

/** `DesignOperationInput`: exactly one field set (the graph's `@oneOf` checks it; this module checks it again). */
export interface OperationInput {
  addElement?: AddElementInput | null;
  updateElement?: (ElementChanges & { elementId: string }) | null;
  deleteElement?: string | null;
  addPage?: { index?: number | null; width?: number | null; height?: number | null } | null;
  deletePage?: string | null;
  movePage?: { pageId: string; index: number } | null;
  resizePage?: { pageId: string; width: number; height: number } | null;
  setTitle?: string | null;
}

/** One operation, checked on its own (before the design is read): the value of its one field, normalized. */
export type Operation =
  | { kind: "addElement"; input: AddElementInput }
  | { kind: "updateElement"; elementId: string; changes: ElementChanges }
  | { kind: "deleteElement"; elementId: string }
  | { kind: "addPage"; index: number | null; width: number | null; height: number | null }
  | { kind: "deletePage"; pageId: string }
  | { kind: "movePage"; pageId: string; index: number }
  | { kind: "resizePage"; pageId: string; width: number; height: number }
  | { kind: "setTitle"; title: string };

const OPERATION_KINDS = ["addElement", "updateElement", "deleteElement", "addPage", "deletePage", "movePage", "resizePage", "setTitle"] as const;

function integerWithin(value: number | null | undefined, field: string, min: number, max: number): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) throw new ValidationError(field, `${field} must be an integer from ${min} to ${max}`);
}

export function checkColour(value: string | null | undefined, field: string): void {
  if (value !== null && value !== undefined && !COLOUR.test(value)) throw new ValidationError(field, `${field} must be a colour as #rrggbb`);
}

export function checkText(value: string | null | undefined, field: string): void {
  if (value === null || value === undefined) return;
  if (value.length === 0 || value.length > TEXT_MAX) throw new ValidationError(field, `${field} must be 1 to ${TEXT_MAX} characters`);
}

/** Bounds of the properties given (kind-specific rules are the element's: `./element-rules.ts`). */
export function checkElementValues(values: ElementChanges): void {
  integerWithin(values.x, "x", -POSITION_LIMIT, POSITION_LIMIT);
  integerWithin(values.y, "y", -POSITION_LIMIT, POSITION_LIMIT);
  integerWithin(values.width, "width", 1, SIZE_MAX);
  integerWithin(values.height, "height", 1, SIZE_MAX);
  integerWithin(values.z, "z", -Z_LIMIT, Z_LIMIT);
  integerWithin(values.fontSize, "fontSize", 1, FONT_SIZE_MAX);
  checkText(values.text, "text");
  checkColour(values.color, "color");
  checkColour(values.fill, "fill");
}

function id(value: string, field: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 200) throw new ValidationError(field, `${field} must be an id`);
  return value;
}

export function pageSide(value: number | null | undefined, field: string): void {
  integerWithin(value, field, CUSTOM_MIN, CUSTOM_MAX);
}

/** The operation's one field, checked for what needs no design: exactly one field, bounds, formats. */
export function operationOf(input: OperationInput): Operation {
  const given = OPERATION_KINDS.filter((kind) => input[kind] !== undefined && input[kind] !== null);
  if (given.length !== 1) throw new ValidationError("operations", "each operation sets exactly one of " + OPERATION_KINDS.join(", "));
  switch (given[0]) {
    case "addElement": {
      const add = input.addElement!;
      id(add.pageId, "pageId");
      checkElementValues(add);
      if (add.assetId !== null && add.assetId !== undefined) id(add.assetId, "assetId");
      return { kind: "addElement", input: add };
    }
    case "updateElement": {
      const { elementId, ...changes } = input.updateElement!;
      checkElementValues(changes);
      if (!Object.values(changes).some((value) => value !== null && value !== undefined)) throw new ValidationError("updateElement", "updateElement changes at least one property");
      return { kind: "updateElement", elementId: id(elementId, "elementId"), changes };
    }
    case "deleteElement":
      return { kind: "deleteElement", elementId: id(input.deleteElement!, "deleteElement") };
    case "addPage": {
      const { index = null, width = null, height = null } = input.addPage!;
      integerWithin(index, "index", 1, Number.MAX_SAFE_INTEGER);
      pageSide(width, "width");
      pageSide(height, "height");
      return { kind: "addPage", index, width, height };
    }
    case "deletePage":
      return { kind: "deletePage", pageId: id(input.deletePage!, "deletePage") };
    case "movePage": {
      const { pageId, index } = input.movePage!;
      integerWithin(index, "index", 1, Number.MAX_SAFE_INTEGER);
      return { kind: "movePage", pageId: id(pageId, "pageId"), index };
    }
    case "resizePage": {
      const { pageId, width, height } = input.resizePage!;
      pageSide(width, "width");
      pageSide(height, "height");
      return { kind: "resizePage", pageId: id(pageId, "pageId"), width, height };
    }
    case "setTitle":
      return { kind: "setTitle", title: requiredText(input.setTitle, "title", TITLE_MAX) };
  }
}

/** Whether an id could name a row at all (anything else is simply not found). */
export const isKnownIdShape = isResourceId;
