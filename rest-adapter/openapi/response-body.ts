import type { RestRoute } from "../route-table.js";
import type { JsonSchema } from "./json-schema.js";

/** Sample values and the schema each stands for: strings by their text, objects and arrays by identity. */
interface Samples {
  strings: Map<string, JsonSchema>;
  objects: WeakMap<object, JsonSchema>;
}

const withoutNull = (type: unknown) => (Array.isArray(type) ? type.find((t) => t !== "null") : type);

/** A value of the shape `schema` describes, every part of it remembered with its schema. */
function sampleOf(schema: JsonSchema, samples: Samples): unknown {
  switch (withoutNull(schema.type)) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const value = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleOf(property, samples)]));
      samples.objects.set(value, schema);
      return value;
    }
    case "array": {
      const value = [sampleOf((schema.items ?? {}) as JsonSchema, samples)];
      samples.objects.set(value, schema);
      return value;
    }
    case "string": {
      const marker = `\u0000sample${samples.strings.size}`;
      samples.strings.set(marker, schema);
      return marker;
    }
    case "integer":
      return 1;
    case "number":
      return 1.5;
    case "boolean":
      return true;
    default: {
      // A scalar of any JSON (an object here, so mappers reading members of it still run).
      const value = {};
      samples.objects.set(value, schema);
      return value;
    }
  }
}

/** The schema of what a mapper made of the samples: a sample passed on keeps its own schema, anything new is described by its value. */
function schemaOf(value: unknown, samples: Samples): JsonSchema {
  if (typeof value === "string") return samples.strings.get(value) ?? { type: "string" };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  if (typeof value === "boolean") return { type: "boolean" };
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value !== "object") return {};
  const known = samples.objects.get(value);
  if (known) return known;
  if (Array.isArray(value)) return { type: "array", items: value.length ? schemaOf(value[0], samples) : {} };
  const members = Object.entries(value).filter(([, member]) => member !== undefined);
  return { type: "object", properties: Object.fromEntries(members.map(([name, member]) => [name, schemaOf(member, samples)])) };
}

/**
 * The documented body of a route whose `body` maps the operation's result: the mapping is run over a
 * sample of the result, and what it returns is described — members it passes on with the graph's
 * types (nullability and enums included), members it makes by their values. Undefined when the
 * mapping cannot run on a sample (the result's own schema is documented then).
 */
export function documentedBody(route: RestRoute, result: JsonSchema): JsonSchema | undefined {
  if (!route.body) return result;
  const samples: Samples = { strings: new Map(), objects: new WeakMap() };
  try {
    return schemaOf(route.body(sampleOf(result, samples) as Record<string, unknown>), samples);
  } catch {
    return undefined;
  }
}
