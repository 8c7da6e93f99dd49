/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 written as strings. Folio used the `feed` package
 * (which builds a tree and serialises it with xml-js); loading and running those took
 * ~120-160 ms of a cold build for a dozen posts. These writers produce the same bytes the
 * package produced for the options folio gave it, quirks included, so a site's feeds do not
 * change: test/unit/emitters/feeds-differential.test.ts compares the two.
 *
 * The rules kept from the package and its serialiser (4-space indentation, no trailing newline):
 * - element text: a `&amp;` is first read back as `&`, then `&`, `<` and `>` are escaped
 *   (quotes are not);
 * - attribute values: only `"` is escaped (as `&quot;`);
 * - CDATA sections: a `]]>` inside is split (`]]]]><![CDATA[>`); the package split only the
 *   first one, which left the XML malformed when there were two (the one rule not kept);
 * - URLs in links go through `new URL(...).toString()` and get their `&` escaped before the
 *   text/attribute rule above (guids and JSON ids/urls are the link as given);
 * - a plain element whose text is empty is written self-closed (`<subtitle/>`), one whose
 *   text comes from an object is written open and closed (`<description></description>`).
 *
 * Not from the package: characters XML 1.0 forbids everywhere, even in CDATA (the C0 controls
 * but tab, line feed and carriage return; U+FFFE, U+FFFF), are left out of RSS and Atom (vertical
 * tab and form feed become a space). The package wrote them as they were, so one post whose
 * title or text held one (a terminal colour code pasted into a code block, a `\a` in a quoted
 * front matter string) made the whole feed malformed, and feed readers refuse a malformed feed.
 * The JSON feed escapes them instead (`\u0007`), as JSON does.
 */

export interface FeedAuthor {
  name: string;
  link?: string;
}

export interface FeedEntry {
  title: string;
  /** The post's URL: the item's link and its id. */
  link: string;
  date: Date;
  description?: string;
  /** HTML of the post ('' counts as none in RSS and Atom, but is the JSON item's content_html). */
  content?: string;
  authors: FeedAuthor[];
  tags: string[];
}

export interface FeedChannel {
  /** The blog's URL: the Atom id and the home page link. */
  link: string;
  title: string;
  description: string;
  language?: string;
  /** Date of the newest entry; absent: the time of writing. */
  updated?: Date;
  generator: string;
  favicon?: string;
  copyright?: string;
  feedLinks: { rss: string; atom: string; json: string };
  entries: FeedEntry[];
}

const RSS_DOCS = 'https://validator.w3.org/feed/docs/rss2.html';

/** The characters XML 1.0 does not allow anywhere. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A feed without the characters XML 1.0 forbids (see the rules above): the tab-like ones become a space. */
function xmlOnly(document: string): string {
  return document.replace(NOT_XML, (char) => (char === '\u000B' || char === '\u000C' ? ' ' : ''));
}

const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

function escapeAmp(value: string): string {
  return value.replace(/&/g, '&amp;');
}

/** Element text, escaped as xml-js does it. */
function text(value: string): string {
  if (!/[&<>]/.test(value)) return value;
  return value.replace(/&amp;/g, '&').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return value.replace(/"/g, '&quot;');
}

/**
 * A CDATA section; every `]]>` inside is split across two sections. The serialiser split only the
 * first one (String.replace with a string pattern), so a post whose HTML held `]]>` twice, a code
 * sample about XML say, ended its section early and made the feed malformed.
 */
function cdata(value: string): string {
  return `<![CDATA[${value.split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

/** A link as the package stores it: normalised by URL, `&` escaped (throws on an invalid URL, as the package does). */
function url(value: string): string {
  return escapeAmp(new URL(value).toString());
}

function pad(depth: number): string {
  return `\n${'    '.repeat(depth)}`;
}

/** An element whose value was a plain string in the package's tree: empty is self-closed. */
function plain(depth: number, name: string, value: string): string {
  return value === '' ? `${pad(depth)}<${name}/>` : `${pad(depth)}<${name}>${text(value)}</${name}>`;
}

/** An element whose value was `{ _text }`: always open and closed. */
function textElement(depth: number, name: string, value: string): string {
  return `${pad(depth)}<${name}>${text(value)}</${name}>`;
}

export function rss2(feed: FeedChannel): string {
  const out: string[] = [];
  let content = false;
  const blogLink = url(feed.link);
  out.push(pad(1), '<channel>');
  out.push(textElement(2, 'title', feed.title));
  out.push(textElement(2, 'link', blogLink));
  out.push(textElement(2, 'description', feed.description));
  out.push(textElement(2, 'lastBuildDate', (feed.updated ?? new Date()).toUTCString()));
  out.push(textElement(2, 'docs', RSS_DOCS));
  out.push(textElement(2, 'generator', feed.generator));
  if (feed.language) out.push(textElement(2, 'language', feed.language));
  if (feed.copyright) out.push(textElement(2, 'copyright', feed.copyright));
  out.push(pad(2), `<atom:link href="${attr(url(feed.feedLinks.rss))}" rel="self" type="application/rss+xml"/>`);
  for (const entry of feed.entries) {
    out.push(pad(2), '<item>');
    if (entry.title) out.push(pad(3), '<title>', cdata(entry.title), '</title>');
    out.push(textElement(3, 'link', url(entry.link)));
    out.push(pad(3), `<guid isPermaLink="false">${text(entry.link)}</guid>`);
    out.push(textElement(3, 'pubDate', entry.date.toUTCString()));
    if (entry.description) out.push(pad(3), '<description>', cdata(entry.description), '</description>');
    if (entry.content) {
      content = true;
      out.push(pad(3), '<content:encoded>', cdata(entry.content), '</content:encoded>');
    }
    for (const author of entry.authors) if (author.name) out.push(textElement(3, 'author', author.name));
    for (const tag of entry.tags) out.push(textElement(3, 'category', tag));
    out.push(pad(2), '</item>');
  }
  out.push(pad(1), '</channel>', '\n</rss>');
  const namespaces = content ? ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"' : '';
  return xmlOnly(`${DECLARATION}\n<rss version="2.0"${namespaces} xmlns:atom="http://www.w3.org/2005/Atom">${out.join('')}`);
}

export function atom1(feed: FeedChannel): string {
  const out: string[] = [DECLARATION, '\n<feed xmlns="http://www.w3.org/2005/Atom">'];
  out.push(plain(1, 'id', feed.link));
  out.push(plain(1, 'title', feed.title));
  out.push(plain(1, 'updated', (feed.updated ?? new Date()).toISOString()));
  out.push(plain(1, 'generator', escapeAmp(feed.generator)));
  out.push(pad(1), `<link rel="alternate" href="${attr(url(feed.link))}"/>`);
  out.push(pad(1), `<link rel="self" href="${attr(url(feed.feedLinks.atom))}"/>`);
  if (feed.description) out.push(plain(1, 'subtitle', feed.description));
  if (feed.favicon) out.push(plain(1, 'icon', feed.favicon));
  if (feed.copyright) out.push(plain(1, 'rights', feed.copyright));
  for (const entry of feed.entries) {
    const link = url(entry.link);
    out.push(pad(1), '<entry>');
    out.push(pad(2), '<title type="html">', cdata(entry.title), '</title>');
    out.push(plain(2, 'id', link));
    out.push(pad(2), `<link href="${attr(link)}"/>`);
    out.push(plain(2, 'updated', entry.date.toISOString()));
    if (entry.description) out.push(pad(2), '<summary type="html">', cdata(entry.description), '</summary>');
    if (entry.content) out.push(pad(2), '<content type="html">', cdata(entry.content), '</content>');
    for (const author of entry.authors) {
      out.push(pad(2), '<author>', plain(3, 'name', author.name));
      if (author.link) out.push(plain(3, 'uri', url(author.link)));
      out.push(pad(2), '</author>');
    }
    for (const tag of entry.tags) out.push(pad(2), `<category label="${attr(escapeAmp(tag))}"/>`);
    out.push(pad(1), '</entry>');
  }
  out.push('\n</feed>');
  return xmlOnly(out.join(''));
}

/**
 * JSON Feed 1.1 with the fields of the package's version-1 output: an item's first author only,
 * as `author` and as a one-element `authors` list; `language` last.
 */
export function jsonFeed11(feed: FeedChannel): string {
  const items = feed.entries.map((entry) => {
    const item: Record<string, unknown> = { id: entry.link, content_html: entry.content ?? entry.description, url: entry.link };
    if (entry.title) item.title = entry.title;
    if (entry.description && entry.content) item.summary = entry.description;
    item.date_modified = entry.date.toISOString();
    const first = entry.authors[0];
    if (first) {
      const author: { name?: string; url?: string } = {};
      if (first.name) author.name = first.name;
      if (first.link) author.url = first.link;
      item.author = author;
    }
    item.tags = entry.tags.filter((tag) => tag);
    if (item.author) item.authors = [item.author];
    return item;
  });
  const data: Record<string, unknown> = { version: 'https://jsonfeed.org/version/1.1', title: feed.title };
  if (feed.link) data.home_page_url = feed.link;
  if (feed.feedLinks.json) data.feed_url = feed.feedLinks.json;
  if (feed.description) data.description = feed.description;
  data.items = items;
  data.language = feed.language;
  return JSON.stringify(data, null, 2);
}
