import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/** Raw HTML in the markdown is shown as text, never passed through; the sanitizer then keeps an allow-list only. */
const renderer = new MarkdownIt({ html: false, linkify: true });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "del", "s", "a", "img", "ul", "ol", "li"],
    ...["h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "title"], code: ["class"], ol: ["start"] },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer" }) },
};

/** Sanitized HTML of a post's markdown: no scripts, event handlers, styles, frames or `javascript:` URLs. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(renderer.render(markdown), SANITIZE);
}
