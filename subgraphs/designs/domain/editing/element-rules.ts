import type { DesignElement } from "../../../../generated/prisma/client.js";
import { ValidationError } from "../../../../lib/errors.js";
import { DEFAULT_COLOUR, DEFAULT_FONT_SIZE, type AddElementInput, type ElementChanges } from "./operations.js";

/** The properties only some kinds have: each kind takes its own and refuses the others'. */
const KIND_PROPERTIES = {
  text: ["text", "fontSize", "color"],
  shape: ["shape", "fill"],
  image: ["assetId"],
} as const satisfies Record<DesignElement["kind"], readonly string[]>;

const ALL_KIND_PROPERTIES = Object.values(KIND_PROPERTIES).flat() as string[];

function refuseForeignProperties(kind: DesignElement["kind"], values: object): void {
  const own = KIND_PROPERTIES[kind] as readonly string[];
  for (const [property, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (ALL_KIND_PROPERTIES.includes(property) && !own.includes(property)) throw new ValidationError(property, `a ${kind} element has no ${property}`);
  }
}

/** The columns of a new element of the input's kind, defaults filled in (the image's asset is checked by the caller). */
export function newElementColumns(input: AddElementInput): Pick<DesignElement, "kind" | "x" | "y" | "width" | "height" | "text" | "fontSize" | "color" | "shape" | "fill" | "assetId"> {
  refuseForeignProperties(input.kind, input);
  const box = { kind: input.kind, x: input.x, y: input.y, width: input.width, height: input.height };
  const none = { text: null, fontSize: null, color: null, shape: null, fill: null, assetId: null };
  switch (input.kind) {
    case "text":
      if (input.text === null || input.text === undefined) throw new ValidationError("text", "a text element needs text");
      return { ...none, ...box, text: input.text, fontSize: input.fontSize ?? DEFAULT_FONT_SIZE, color: input.color ?? DEFAULT_COLOUR };
    case "shape":
      return { ...none, ...box, shape: input.shape ?? "rect", fill: input.fill ?? DEFAULT_COLOUR };
    case "image":
      if (input.assetId === null || input.assetId === undefined) throw new ValidationError("assetId", "an image element needs assetId");
      return { ...none, ...box, assetId: input.assetId };
  }
}

/** The properties an update sets (those it leaves alone are absent). */
export type ElementUpdate = { [Property in keyof ElementChanges]?: NonNullable<ElementChanges[Property]> };

/** The changes an update makes to an element of its kind: only the properties given, each one the kind has. */
export function changesFor(element: Pick<DesignElement, "kind">, changes: ElementChanges): ElementUpdate {
  refuseForeignProperties(element.kind, changes);
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null && value !== undefined)) as ElementUpdate;
}
