/**
 * Linear scans of Office XML parts. Lazy regular expressions such as `<p:sp\b[\s\S]*?<\/p:sp>` retry
 * from every opening that has no closing and cost the square of the part's size on hostile input
 * (a few kilobytes zipped can hold millions of openings); these helpers never revisit a character.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (!name.startsWith("#")) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Whether `text[at]` ends a tag name (so `<p:sp` does not match `<p:spPr`). */
const endsName = (text: string, at: number) => at >= text.length || /[\s/>]/.test(text[at]);

/** Where the next `<name` tag starts at or after `from`, or -1. */
function nextOpening(text: string, name: string, from: number): number {
  const opening = `<${name}`;
  for (let at = text.indexOf(opening, from); at !== -1; at = text.indexOf(opening, at + opening.length)) {
    if (endsName(text, at + opening.length)) return at;
  }
  return -1;
}

/** Each start tag `<name …>` (its text up to and including `>`), in order. */
export function* startTags(text: string, name: string): Generator<string> {
  let from = 0;
  for (;;) {
    const start = nextOpening(text, name, from);
    if (start === -1) return;
    const end = text.indexOf(">", start);
    if (end === -1) return;
    yield text.slice(start, end + 1);
    from = end + 1;
  }
}

/** The first start tag `<name …>`, or undefined. */
export function firstStartTag(text: string, name: string): string | undefined {
  for (const tag of startTags(text, name)) return tag;
  return undefined;
}

/** Each element `<name …>…</name>` (not nested in itself), in order; an opening without its closing ends the scan. */
export function* elements(text: string, name: string): Generator<string> {
  const closing = `</${name}>`;
  let from = 0;
  for (;;) {
    const start = nextOpening(text, name, from);
    if (start === -1) return;
    const end = text.indexOf(closing, start);
    if (end === -1) return;
    yield text.slice(start, end + closing.length);
    from = end + closing.length;
  }
}

/** The value of attribute `name` in one start tag, or undefined. */
export function attribute(tag: string, name: string): string | undefined {
  const marker = `${name}="`;
  for (let at = tag.indexOf(marker); at !== -1; at = tag.indexOf(marker, at + 1)) {
    if (!/\s/.test(tag[at - 1] ?? "")) continue;
    const end = tag.indexOf('"', at + marker.length);
    return end === -1 ? undefined : tag.slice(at + marker.length, end);
  }
  return undefined;
}

/** The text runs (`<a:t>…</a:t>`) of a part of a slide, decoded and joined. */
export function runsText(text: string): string {
  let joined = "";
  for (const run of elements(text, "a:t")) joined += decodeXml(run.slice(run.indexOf(">") + 1, -"</a:t>".length));
  return joined;
}
