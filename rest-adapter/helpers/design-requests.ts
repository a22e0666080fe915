import { pick, RequestRefusedError, type RestRequest } from "../route-table.js";
import type { Json } from "./design-bodies.js";

/** One query parameter as text (absent stays undefined); a repeated parameter is refused. */
export function textParam(request: RestRequest, name: string): string | undefined {
  const value = request.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new RequestRefusedError("invalid_field", `${name} must be given once`);
  return value;
}

/** An integer query parameter (the operation checks its range); anything else is a 400 naming it. */
export function integerParam(request: RestRequest, name: string): number | undefined {
  const value = textParam(request, name);
  if (value === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(value)) throw new RequestRefusedError("invalid_field", `${name} must be an integer`);
  return Number(value);
}

/** `design_type` as the operation's input declares it (other members are ignored; a non-object is refused by the graph). */
export function designTypeOf(value: unknown): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? pick(value as Json, ["type", "name", "width", "height"]) : value;
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A JSON object in a header (`Asset-Upload-Metadata`, `Import-Metadata`) with a Base64 text member
 * (`name_base64`, `title_base64`): the object and that member decoded, read before any byte of the body.
 */
export function base64Metadata({ headers }: RestRequest, header: string, member: string): { metadata: Record<string, unknown>; text: string } {
  const raw = headers[header.toLowerCase()];
  if (raw === undefined || raw === "") throw new RequestRefusedError("missing_header", `Missing ${header} header`);
  let metadata: unknown;
  try {
    metadata = JSON.parse(String(raw));
  } catch {
    throw new RequestRefusedError("invalid_header", `${header} must be a JSON object`);
  }
  const encoded = (metadata as Record<string, unknown> | null)?.[member];
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata) || typeof encoded !== "string") {
    throw new RequestRefusedError("invalid_header", `${header} must be a JSON object with ${member}`);
  }
  if (encoded === "" || !STRICT_BASE64.test(encoded)) throw new RequestRefusedError("invalid_field", `${member} must be non-empty Base64`);
  return { metadata: metadata as Record<string, unknown>, text: new TextDecoder("utf-8", { fatal: false }).decode(Buffer.from(encoded, "base64")) };
}
