import type { DesignPreset, DesignTypeKind } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";

/** Page size of each preset in pixels (`doc`: US Letter at 96 dpi). */
export const PRESET_SIZES: Record<DesignPreset, { width: number; height: number }> = {
  doc: { width: 816, height: 1056 },
  email: { width: 600, height: 1200 },
  presentation: { width: 1920, height: 1080 },
  whiteboard: { width: 1920, height: 1080 },
};

/** What a design (and each of its pages) contains, as the design platform names it: the preset, or `custom`. */
export function contentTypeOf(design: { typeKind: DesignTypeKind; preset: DesignPreset | null }): DesignPreset | "custom" {
  return design.typeKind === "preset" && design.preset ? design.preset : "custom";
}

/** A custom design's width and height, each (documented). */
export const CUSTOM_MIN = 40;
export const CUSTOM_MAX = 8000;

export interface DesignTypeInput {
  type: DesignTypeKind;
  name?: DesignPreset | null;
  width?: number | null;
  height?: number | null;
}

/** What a design type amounts to: how it was chosen and the size of its first page. */
export interface ResolvedDesignType {
  typeKind: DesignTypeKind;
  preset: DesignPreset | null;
  width: number;
  height: number;
}

function customSide(value: number | null | undefined, field: "width" | "height"): number {
  if (value === null || value === undefined) throw new ValidationError(`design_type.${field}`, `design_type.${field} is required for a custom design`);
  if (value < CUSTOM_MIN || value > CUSTOM_MAX) {
    throw new ValidationError(`design_type.${field}`, `design_type.${field} must be between ${CUSTOM_MIN} and ${CUSTOM_MAX}`);
  }
  return value;
}

/** A preset by name, or custom with both sides 40..8000; anything else is a 400 naming the field. */
export function resolveDesignType(input: DesignTypeInput): ResolvedDesignType {
  if (input.type === "preset") {
    if (!input.name) throw new ValidationError("design_type.name", "design_type.name is required for a preset design");
    return { typeKind: "preset", preset: input.name, ...PRESET_SIZES[input.name] };
  }
  return { typeKind: "custom", preset: null, width: customSide(input.width, "width"), height: customSide(input.height, "height") };
}
