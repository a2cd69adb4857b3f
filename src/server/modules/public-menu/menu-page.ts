import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { MENU_DATA_ID } from '../../../shared/public-menu-view';

/**
 * The customer's menu page with its menu inside (issue 39): the built menu.html and, before
 * </body>, a `<script type="application/json">` block holding the same JSON the menu API answers.
 * The page's script reads it and draws the menu at once; before, it asked the API first, and the
 * menu showed only after that second round trip (Lighthouse mobile LCP ~2 s on a phone's 4G).
 * A JSON block is data, never run, so the Content-Security-Policy stays `script-src 'self'`.
 */

/** The bytes of one page, ready to send. */
export interface MenuPageBytes {
  html: Buffer;
  gzip: Buffer;
  etag: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * JSON that cannot end or bend the script element it sits in: `<` (a dish named
 * "</script><script>…", or "<!--" that changes how the parser looks for the end), `>` and `&` become
 * \u escapes, and so do U+2028 / U+2029, which older engines read as line breaks. Outside strings
 * JSON has none of these characters, so the text parses to the very same value.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A page template: the built menu.html, read once at start. */
export class MenuPageTemplate {
  private readonly head: string;
  private readonly tail: string;
  /** changes with every build: a page saved before a deploy names assets that may be gone */
  private readonly buildTag: string;

  constructor(html: string) {
    // the block goes last in <body>: the page's script is a module, run after the whole document is parsed
    const end = html.lastIndexOf('</body>');
    this.head = end === -1 ? html : html.slice(0, end);
    this.tail = end === -1 ? '' : html.slice(end);
    this.buildTag = createHash('sha1').update(html).digest('base64url').slice(0, 8);
  }

  /** The page for one menu (its JSON and ETag from the menu cache), or for none (`null`: offline or unknown). */
  render(menu: { json: Buffer; etag: string; title: string } | null): MenuPageBytes {
    let head = this.head;
    // a function, not a string: a name with "$&" in it must not be read as a replacement pattern
    const title = menu?.title.trim();
    if (title) head = head.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    const data = menu ? scriptSafeJson(menu.json.toString('utf8')) : 'null';
    const etagAttribute = menu ? ` data-etag="${escapeHtml(menu.etag)}"` : '';
    const html = Buffer.from(`${head}<script type="application/json" id="${MENU_DATA_ID}"${etagAttribute}>${data}</script>\n${this.tail}`);
    const tag = menu ? menu.etag.replace(/^W\/"|"$/g, '') : 'none';
    return { html, gzip: gzipSync(html, { level: 6 }), etag: `W/"${this.buildTag}-${tag}"` };
  }
}
