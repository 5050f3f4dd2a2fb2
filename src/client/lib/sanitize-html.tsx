// A small allowlist sanitiser for content blurbs (terms, privacy, e-book blurbs): parses with DOMParser
// (inert: nothing runs, nothing loads) and rebuilds only h2, h3, p, ul, ol, li, strong, em and a[href] as
// React elements, so no HTML string ever reaches innerHTML.
import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = new Set(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a']);
/** dropped with everything inside them; any other unknown element is unwrapped (its text is kept) */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title', 'form', 'select', 'textarea', 'button']);

/** same-origin paths, fragments, http(s) and mailto only */
export const safeHref = (href: string | null): string | null => {
  if (!href) return null;
  const value = href.trim();
  if (value.startsWith('#') || (value.startsWith('/') && !value.startsWith('//'))) return value;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
};

const convert = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (tag === 'b') return createElement('strong', { key }, ...children);
  if (tag === 'i') return createElement('em', { key }, ...children);
  if (tag === 'br') return ' ';
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href }, ...children);
  }
  return createElement(tag, { key }, ...children);
};

/** the allowed part of an HTML fragment, as React nodes */
export const sanitizeHtml = (html: string): ReactNode => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (child, i) => convert(child, String(i)));
};

/** plain text with blank-line paragraphs, or allowlisted HTML when it looks like HTML */
export const richText = (text: string): ReactNode =>
  /<[a-z][\s\S]*>/i.test(text)
    ? sanitizeHtml(text)
    : text
        .split(/\n\s*\n/)
        .map((para) => para.trim())
        .filter(Boolean)
        .map((para, i) => createElement('p', { key: i }, para));
