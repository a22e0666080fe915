/** A JSON object as the graph answers it and the design platform's bodies are built. */
export type Json = Record<string, unknown>;

/** An ISO timestamp of the graph as the design platform's int64 Unix seconds. */
export const seconds = (iso: unknown) => Math.floor(new Date(String(iso)).getTime() / 1000);

/** The documented DesignSummary: snake_case, Unix-second timestamps. */
export function summaryBody(design: Json): Json {
  const urls = design.urls as Json;
  return {
    id: design.id,
    title: design.title,
    urls: { edit_url: urls.editUrl, view_url: urls.viewUrl },
    created_at: seconds(design.createdAt),
    updated_at: seconds(design.updatedAt),
    page_count: design.pageCount,
  };
}
