import assert from "node:assert/strict";
import type { TestPlatform } from "./platform.js";

/**
 * A custom design of the token's owner with `pages` pages, each holding one text element that names it
 * (`<title><page number>`, e.g. `A2`), so the order of pages a copy or merge made can be read back.
 */
export async function labelledDesign(t: TestPlatform, token: string, title: string, pages: number, size = { width: 800, height: 600 }): Promise<string> {
  const created = await t.http.post("/v1/designs", { design_type: { type: "custom", ...size }, title }, { token });
  assert.equal(created.status, 200, created.text);
  const id: string = created.body.design.id;
  const db = t.platform.runtime.db.prisma;
  const first = await db.designPage.findFirstOrThrow({ where: { designId: id } });
  const label = (pageId: string, number: number) => ({ id: `${pageId}-label`, pageId, kind: "text" as const, x: 10, y: 10, width: 200, height: 40, z: 0, text: `${title}${number}`, fontSize: 20, color: "#000000" });
  await db.designElement.create({ data: label(first.id, 1) });
  const rest = Array.from({ length: pages - 1 }, (_, index) => ({ id: `${id}-p${index + 2}`, designId: id, index: index + 2, width: size.width, height: size.height + index + 1 }));
  await db.designPage.createMany({ data: rest });
  await db.designElement.createMany({ data: rest.map((page) => label(page.id, page.index)) });
  return id;
}

/** The labels of a design's pages in page order (what `labelledDesign` wrote on each). */
export async function pageLabels(t: TestPlatform, designId: string): Promise<string[]> {
  const pages = await t.platform.runtime.db.prisma.designPage.findMany({ where: { designId }, orderBy: { index: "asc" }, include: { elements: true } });
  return pages.map((page) => page.elements.map((element) => element.text).join("+"));
}
