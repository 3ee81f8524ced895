#!/usr/bin/env node
// The citeproc-js oracle for cvpdf's citation styles (issue 49).
//
//   node citeproc.js <style.csl> <locales-dir> <items.json> <lang>
//
// Renders every CSL-JSON item of <items.json> (an array) on its own as a bibliography entry of
// <style.csl>, in citeproc-js's plain-text output, and prints one JSON object to stdout:
// {"<id>": "<text of the entry>", ...}, in the order of the array. Each item gets a fresh
// engine, so no item affects another (no "2020a"/"2020b", no "———" for a repeated author).
//
// The citation number (or label) a numeric style puts in front of an entry is left out: cvpdf
// numbers its lists itself. It is left out by the style's structure, not by reading the text:
// second-field-align is turned off and every <text>/<number> of the bibliography that prints
// citation-number or citation-label is replaced by one that prints an empty variable (so a
// group around it, "[" … "]", is suppressed as CSL prescribes for a group whose variables are
// all empty). The rest of the style is untouched.
//
// <lang> is a CSL locale code (en-US, de-DE, zh-CN); it wins over the style's default-locale,
// as the locale cvpdf hands hayagriva does. Locales are read from
// <locales-dir>/locales-<code>.xml, falling back to locales-en-US.xml (noted on stderr).
//
// Errors (unreadable or malformed style, items or locales; a style citeproc-js rejects; an
// item it cannot render) are printed on stderr, and the exit code is 1. Nothing is printed on
// stdout then.
"use strict";

const fs = require("fs");
const path = require("path");

function fail(message) {
  process.stderr.write(`citeproc oracle: ${message}\n`);
  process.exit(1);
}

let CSL;
try {
  CSL = require("citeproc");
} catch (e) {
  fail(`the npm package citeproc is not installed (run npm ci in ${__dirname}): ${e.message}`);
}

// citeproc-js reports its warnings with console.log: keep stdout for the JSON alone. Each
// engine (one an item) would repeat a warning about the style: each is printed once.
const warned = new Set();
CSL.debug = (message) => {
  if (warned.has(message)) return;
  warned.add(message);
  process.stderr.write(`citeproc-js: ${message}\n`);
};
console.log = (...args) => process.stderr.write(args.join(" ") + "\n");

function readText(file, what) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    fail(`cannot read ${what} ${file}: ${e.message}`);
  }
}

function errorText(e) {
  if (e instanceof Error) return e.message;
  return String(e);
}

// --- XML ------------------------------------------------------------------------------------

// citeproc-js reads a style or locale given as a string with its own lenient reader
// (CSL.parseXml): a malformed document comes out as a silently different tree, and it decodes
// entities loosely (&apos; is left as is, "&amp;lt;" becomes "<", an attribute written
// a = "x" is lost). This reader checks the document is well-formed, naming the line of the first
// fault, and hands citeproc-js the tree in the form its reader makes (CSL.XmlJSON):
// {name, attrs, children}, an element's text as its one string child, an empty <term> as [""],
// and, as citeproc-js does, whitespace-only text dropped and line breaks in text read as spaces.
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text, fault) {
  return text.replace(/&([^;&\s]*);?/g, (whole, body) => {
    if (!whole.endsWith(";")) fault(`an '&' that starts no entity: ${whole}`);
    if (Object.prototype.hasOwnProperty.call(ENTITIES, body)) return ENTITIES[body];
    const number = /^#x([0-9a-fA-F]+)$/.exec(body) || /^#([0-9]+)$/.exec(body);
    if (number) {
      const code = parseInt(number[1], body[1] === "x" ? 16 : 10);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    return fault(`an unknown entity &${body};`);
  });
}

function readXml(xml, file) {
  const lineAt = (index) => xml.slice(0, index).split("\n").length;
  let at = 0;
  const fault = (message) => fail(`${file}:${lineAt(at)}: ${message}`);
  const document = { children: [] };
  const stack = [{ node: document, line: 0 }];
  let root = null;
  const token =
    /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/?(?:[^<>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
  let m;
  while ((m = token.exec(xml)) !== null) {
    const t = m[0];
    at = m.index;
    const top = stack[stack.length - 1];
    if (t.startsWith("<!--") || t.startsWith("<?") || t.startsWith("<!DOCTYPE")) continue;
    if (!t.startsWith("<") || t.startsWith("<![CDATA[")) {
      const text = t.startsWith("<![CDATA[") ? m[1] : decodeEntities(t, fault);
      if (text.trim() === "") continue;
      if (stack.length === 1) fault("text outside the root element");
      top.text = (top.text || "") + text.replace(/\r\n|\r|\n/g, " ");
      continue;
    }
    if (t === "<") fault("a '<' that opens no tag");
    const close = t.startsWith("</");
    const selfClosing = t.endsWith("/>");
    const body = t.slice(close ? 2 : 1, selfClosing ? -2 : -1);
    const nameMatch = /^([A-Za-z_][\w.:-]*)/.exec(body);
    if (!nameMatch) fault(`a tag without a name: ${t.slice(0, 40)}`);
    const name = nameMatch[1];
    if (close) {
      if (body.trim() !== name) fault(`a malformed closing tag </${body}>`);
      if (stack.length === 1) fault(`</${name}> closes nothing`);
      const open = stack.pop();
      if (open.node.name !== name) fault(`</${name}> closes <${open.node.name}> opened on line ${open.line}`);
      finish(open, fault, false);
      continue;
    }
    const node = { name, attrs: {}, children: [] };
    let rest = body.slice(name.length);
    const attr = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/;
    let a;
    while ((a = attr.exec(rest)) !== null) {
      if (Object.prototype.hasOwnProperty.call(node.attrs, a[1])) fault(`<${name}> has ${a[1]} twice`);
      const value = a[2] !== undefined ? a[2] : a[3];
      // An attribute value's line breaks and tabs are spaces (XML's attribute normalisation).
      node.attrs[a[1]] = decodeEntities(value.replace(/[\t\n\r]/g, " "), fault);
      rest = rest.slice(a[0].length);
    }
    if (rest.trim() !== "") fault(`a malformed attribute in <${name}>: ${rest.trim().slice(0, 40)}`);
    if (stack.length === 1) {
      if (root) fault(`a second root element <${name}>`);
      root = node;
    } else if (top.text !== undefined) {
      fault(`<${name}> inside <${top.node.name}>, after text: CSL mixes no text and elements`);
    }
    top.node.children.push(node);
    const entry = { node, line: lineAt(at) };
    if (selfClosing) finish(entry, fault, true);
    else stack.push(entry);
  }
  if (stack.length > 1) {
    const open = stack[stack.length - 1];
    fail(`${file}:${open.line}: <${open.node.name}> is never closed`);
  }
  if (!root) fail(`${file}: no XML element`);
  return root;
}

// An element's text becomes its one child. As in citeproc-js's reader, an empty <term> has the
// child "", and so has an empty <single> or <multiple> written <single></single> (not <single/>).
function finish(entry, fault, selfClosing) {
  const { node } = entry;
  if (entry.text !== undefined) {
    if (node.children.length > 0) fault(`text after elements in <${node.name}>`);
    node.children.push(entry.text);
  } else if (node.children.length === 0 && (node.name === "term" || (!selfClosing && ["single", "multiple"].includes(node.name)))) {
    node.children.push("");
  }
}

// --- The style: citation numbers out ---------------------------------------------------------

const NUMBER_VARIABLES = new Set(["citation-number", "citation-label"]);
// A standard CSL variable no cvpdf item carries: what the number's element prints instead, so
// that it still counts as a variable for group suppression, and is empty.
const EMPTY_VARIABLE = "call-number";

function children(node) {
  return Array.isArray(node.children) ? node.children.filter((c) => c && typeof c === "object") : [];
}

function dropNumbers(node) {
  for (const child of children(node)) {
    if ((child.name === "text" || child.name === "number") && child.attrs) {
      const variables = (child.attrs.variable || "").split(/\s+/).filter(Boolean);
      if (variables.some((v) => NUMBER_VARIABLES.has(v))) {
        child.name = "text";
        child.attrs = { variable: EMPTY_VARIABLE };
        child.children = [];
        continue;
      }
    }
    dropNumbers(child);
  }
}

// Removes second-field-align and the citation numbers from the bibliography's layout and from
// every macro it calls, directly or through other macros. Returns false when the style has no
// bibliography.
function withoutNumbers(style) {
  const top = children(style);
  const bibliography = top.find((c) => c.name === "bibliography");
  if (!bibliography) return false;
  if (bibliography.attrs) delete bibliography.attrs["second-field-align"];
  const macros = new Map(top.filter((c) => c.name === "macro" && c.attrs).map((c) => [c.attrs.name, c]));
  const seen = new Set();
  const visit = (node) => {
    dropNumbers(node);
    const walk = (n) => {
      for (const child of children(n)) {
        const name = child.attrs && child.attrs.macro;
        if (name && macros.has(name) && !seen.has(name)) {
          seen.add(name);
          visit(macros.get(name));
        }
        walk(child);
      }
    };
    walk(node);
  };
  visit(bibliography);
  return true;
}

// --- Main -----------------------------------------------------------------------------------

const args = process.argv.slice(2);
if (args.length !== 4) {
  fail("usage: node citeproc.js <style.csl> <locales-dir> <items.json> <lang>");
}
const [styleFile, localesDir, itemsFile, lang] = args;

if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) {
  fail(`'${lang}' is not a CSL locale code (en-US, de-DE, zh-CN, ...)`);
}

const styleXml = readText(styleFile, "the style").replace(/^\uFEFF/, "");
const styleTree = readXml(styleXml, styleFile);
const root = styleTree;
if (!root || root.name !== "style") {
  fail(`${styleFile}: the root element is <${root && root.name}>, not a CSL <style>`);
}
// citeproc-js fails on a style without a version with "Cannot read properties of undefined".
if (!root.attrs.version) {
  fail(`${styleFile}: the <style> has no version attribute (CSL asks for version="1.0"), which citeproc-js needs`);
}
if (!withoutNumbers(root)) fail(`${styleFile}: the style has no <bibliography>`);
const styleJson = JSON.stringify(styleTree);

if (!fs.existsSync(localesDir) || !fs.statSync(localesDir).isDirectory()) {
  fail(`the locales directory ${localesDir} does not exist`);
}
const fallbackLocale = path.join(localesDir, "locales-en-US.xml");
const localeCache = new Map();
function retrieveLocale(code) {
  if (localeCache.has(code)) return JSON.parse(localeCache.get(code));
  let file = path.join(localesDir, `locales-${code}.xml`);
  if (!fs.existsSync(file)) {
    if (code === lang && file !== fallbackLocale) {
      process.stderr.write(`citeproc oracle: note: no ${file}, ${code} falls back to en-US\n`);
    }
    file = fallbackLocale;
    if (!fs.existsSync(file)) fail(`no locale file for ${code} and no ${fallbackLocale} to fall back to`);
  }
  const tree = readXml(readText(file, "the locale").replace(/^\uFEFF/, ""), file);
  if (tree.name !== "locale") fail(`${file}: the root element is <${tree.name}>, not a CSL <locale>`);
  localeCache.set(code, JSON.stringify(tree));
  // citeproc-js takes the tree (a fresh copy: it may change what it is given) as it takes XML.
  return JSON.parse(localeCache.get(code));
}

let items;
try {
  items = JSON.parse(readText(itemsFile, "the items"));
} catch (e) {
  fail(`${itemsFile} is not JSON: ${errorText(e)}`);
}
if (!Array.isArray(items)) fail(`${itemsFile} holds no JSON array of CSL-JSON items`);
const ids = new Set();
items.forEach((item, i) => {
  if (!item || typeof item !== "object" || typeof item.id !== "string" || item.id === "") {
    fail(`${itemsFile}: item ${i + 1} has no string "id"`);
  }
  if (ids.has(item.id)) fail(`${itemsFile}: the id "${item.id}" is used twice`);
  if (typeof item.type !== "string") fail(`${itemsFile}: item "${item.id}" has no "type"`);
  ids.add(item.id);
});

const output = {};
const byId = new Map(items.map((item) => [item.id, item]));
const sys = {
  retrieveLocale,
  retrieveItem: (id) => (byId.has(id) ? JSON.parse(JSON.stringify(byId.get(id))) : undefined),
};
// One engine for all items (building it is most of citeproc-js's time: about a second a
// style); before each item the registry is made to hold that item alone, so that no item
// changes another (no year suffixes, no author substitution, citation number 1).
let engine;
try {
  engine = new CSL.Engine(sys, JSON.parse(styleJson), lang, true);
  engine.setOutputFormat("text");
} catch (e) {
  fail(`${styleFile}: citeproc-js rejects the style: ${errorText(e)}`);
}
for (const item of items) {
  let texts;
  let noForm = false;
  try {
    engine.updateItems([item.id]);
    const result = engine.makeBibliography();
    if (!result) fail(`${styleFile}: citeproc-js makes no bibliography with this style`);
    const [meta, entries] = result;
    texts = entries;
    for (const error of meta.bibliography_errors || []) {
      if (error.error_code === CSL.ERROR_NO_RENDERED_FORM) {
        noForm = true;
      } else {
        process.stderr.write(`citeproc oracle: note: item "${item.id}": ${JSON.stringify(error)}\n`);
      }
    }
  } catch (e) {
    fail(`${styleFile}: citeproc-js rejects the style or item "${item.id}": ${errorText(e)}`);
  }
  // An entry the style prints nothing for (citeproc-js's "reference with no printed form", for
  // which a numeric style gets a stand-in "1. [CSL STYLE ERROR: …]") is "".
  if (noForm) {
    process.stderr.write(`citeproc oracle: note: the style prints nothing for item "${item.id}"\n`);
    output[item.id] = "";
    continue;
  }
  if (!Array.isArray(texts) || texts.length !== 1) {
    fail(`item "${item.id}": citeproc-js gave ${texts ? texts.length : 0} entries, not 1`);
  }
  // The text format ends each entry with a line break; a display="block" or "indent" element
  // begins a line of its own inside it, kept as citeproc prints it.
  output[item.id] = texts[0].replace(/^\s+|\s+$/g, "");
}

process.stdout.write(JSON.stringify(output, null, 2) + "\n");
