/** A JSON object as the graph answers it and the design platform's bodies are built. */
export type Json = Record<string, unknown>;

/** An ISO timestamp of the graph as the design platform's int64 Unix seconds. */
export const seconds = (iso: unknown) => Math.floor(new Date(String(iso)).getTime() / 1000);

/** What a DesignSummary is built from, asked of a `Design`. */
export const DESIGN_SUMMARY = "id title createdAt updatedAt pageCount urls { editUrl viewUrl } thumbnail { width height url }";

/**
 * The documented DesignSummary: snake_case, Unix-second timestamps, `url` (the design's own: its edit
 * URL unless the graph gives one), `thumbnail` absent only if it could not be drawn, `page_count` where known.
 */
export function summaryBody(design: Json): Json {
  const urls = design.urls as Json;
  return {
    id: design.id,
    title: design.title,
    url: design.url ?? urls.editUrl,
    urls: { edit_url: urls.editUrl, view_url: urls.viewUrl },
    ...(design.thumbnail ? { thumbnail: design.thumbnail } : {}),
    created_at: seconds(design.createdAt),
    updated_at: seconds(design.updatedAt),
    ...(design.pageCount === undefined ? {} : { page_count: design.pageCount }),
  };
}
