const ALLOWED = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'P', 'BR', 'DIV', 'UL', 'OL', 'LI', 'A', 'H3', 'H4', 'BLOCKQUOTE', 'SPAN']);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);

/** A link target users may follow: http(s) or mailto only. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

/**
 * Keeps a small set of formatting tags (bold, italic, underline, lists, paragraphs, headings,
 * links) and drops everything else — attributes included, except a safe href on links. Notes are
 * shared with other users: nothing that runs or loads is kept.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Node, into: Node, owner: Document) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.appendChild(owner.createTextNode(child.textContent ?? ''));
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        const tag = element.tagName.toUpperCase();
        if (DROP_WITH_CONTENT.has(tag)) continue;
        if (!ALLOWED.has(tag)) {
          clean(element, into, owner);
          continue;
        }
        const copy = owner.createElement(tag.toLowerCase());
        if (tag === 'A') {
          const href = safeHref(element.getAttribute('href'));
          if (href) {
            copy.setAttribute('href', href);
            copy.setAttribute('target', '_blank');
            copy.setAttribute('rel', 'noopener noreferrer');
          }
        }
        clean(element, copy, owner);
        into.appendChild(copy);
      }
    }
  };
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  clean(doc.body, container, out);
  return container.innerHTML;
}
