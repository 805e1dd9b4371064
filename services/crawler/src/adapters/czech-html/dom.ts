import { compile, is, selectAll, selectOne, type Options } from 'css-select';
import { hasChildren, isComment, isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';
import {
  existsOne, getAttributeValue, getChildren, getName, getParent, getSiblings, getText, hasAttrib, nextElementSibling, prevElementSibling,
  removeSubsets, textContent,
} from 'domutils';
import { parseDocument } from 'htmlparser2';

/**
 * The HTML portals' pages as a queryable DOM: htmlparser2's tree, css-select queries and domutils
 * text, without cheerio. cheerio created a class per document and css-select compiled every
 * selector string anew on each query; the parsers ask the same dozen selectors of every page, so
 * each is compiled once here and kept. Functions take a missing node (null) and answer empty, as a
 * cheerio selection of nothing did, so a parser can chain lookups without checks.
 */

export type HtmlNode = Document | Element;

/** htmlparser2 in HTML mode with entities decoded: a scraper reads by selectors, it needs no browser-exact tree. */
export function parseHtml(html: string): Document {
  return parseDocument(html, { xmlMode: false, decodeEntities: true });
}

/**
 * css-select's default adapter is the domutils module, whose exports are getters (TypeScript
 * re-exports): every step of every match paid a getter call, and its findAll shifts and unshifts
 * arrays. The same functions held in a plain object, and a recursive walk, make a query 3-4×
 * cheaper. In HTML mode only elements have children (CDATA is read as a comment), so the walks
 * descend elements only.
 */
const options: Options<AnyNode, Element> = {
  adapter: {
    isTag, existsOne, getAttributeValue, getChildren, getName, getParent, getSiblings, prevElementSibling, getText, hasAttrib, removeSubsets,
    findAll(test, nodes) {
      const found: Element[] = [];
      collect(test, nodes, found);
      return found;
    },
    findOne,
  },
};

function collect(test: (element: Element) => boolean, nodes: AnyNode[], found: Element[]): void {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (test(node)) found.push(node);
    collect(test, node.children, found);
  }
}

function findOne(test: (element: Element) => boolean, nodes: AnyNode[]): Element | null {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (test(node)) return node;
    const found = findOne(test, node.children);
    if (found) return found;
  }
  return null;
}

type Query = ReturnType<typeof compile<AnyNode, Element>>;

/** The parsers' selectors are string literals, so the cache is bounded by the source code. */
const queries = new Map<string, Query>();

function query(selector: string): Query {
  let compiled = queries.get(selector);
  if (!compiled) {
    compiled = compile<AnyNode, Element>(selector, options);
    queries.set(selector, compiled);
  }
  return compiled;
}

/** Descendants of `scope` matching `selector`, in document order. */
export function all(scope: HtmlNode | null | undefined, selector: string): Element[] {
  return scope ? selectAll<AnyNode, Element>(query(selector), scope, options) : [];
}

/** The first descendant of `scope` in document order matching `selector`. */
export function first(scope: HtmlNode | null | undefined, selector: string): Element | null {
  return scope ? selectOne<AnyNode, Element>(query(selector), scope, options) : null;
}

export function matches(element: Element, selector: string): boolean {
  return is<AnyNode, Element>(element, query(selector), options);
}

/** Text of every node given, concatenated (scripts' source included, comments not), as cheerio's `.text()`. */
export function text(nodes: AnyNode | AnyNode[] | null | undefined): string {
  return nodes ? textContent(nodes) : '';
}

/** Text of `element` leaving out its descendants matching `selector` (a struck-out old price), without touching the tree. */
export function textWithout(element: Element | null | undefined, selector: string): string {
  if (!element) return '';
  const left = new Set<AnyNode>(all(element, selector));
  return left.size === 0 ? textContent(element) : textLeaving(element, left);
}

function textLeaving(node: AnyNode, left: Set<AnyNode>): string {
  if (left.has(node)) return '';
  if (hasChildren(node) && !isComment(node)) return node.children.map((child) => textLeaving(child, left)).join('');
  return isText(node) ? node.data : '';
}

export function attr(element: Element | null | undefined, name: string): string | undefined {
  return element?.attribs[name];
}

/** The element right after `element`, if it matches `selector` (cheerio's `.next(selector)`: no searching further). */
export function next(element: Element | null | undefined, selector?: string): Element | null {
  const sibling = element ? nextElementSibling(element) : null;
  return sibling && (!selector || matches(sibling, selector)) ? sibling : null;
}

/** Child elements of `element`, only those matching `selector` when one is given. */
export function children(element: Element | null | undefined, selector?: string): Element[] {
  if (!element) return [];
  const elements = element.children.filter(isTag);
  return selector ? elements.filter((child) => matches(child, selector)) : elements;
}
