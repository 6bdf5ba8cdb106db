// The server lays the trace graph out (dagre) and draws it as SVG with classes only. The page turns
// each node into a link to its entity, so the drawing can be used with the keyboard and a screen reader.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The server's SVG text as an element: nodes wrapped in links, the focus node marked; null when unreadable. */
export function linkedGraphSvg(
  text: string,
  focus: string,
  href: (id: string) => string,
): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.querySelector('parsererror')) return null;
  // Only drawing elements: the SVG comes from our own server, but nothing in it should run.
  for (const el of [...root.querySelectorAll('script, foreignObject')]) el.remove();
  for (const el of [root, ...root.querySelectorAll('*')])
    for (const attr of [...el.attributes])
      if (/^on/i.test(attr.name) || attr.name === 'style') el.removeAttribute(attr.name);
  root.classList.add('trace-graph');
  root.setAttribute('role', 'group');
  const nodes = [...root.querySelectorAll<SVGGElement>('g.node')];
  root.setAttribute('aria-label', `Trace graph of ${nodes.length} entities; each box links to its entity`);
  for (const node of nodes) {
    const id = node.getAttribute('data-id') ?? '';
    const link = doc.createElementNS(SVG_NS, 'a');
    link.setAttribute('href', href(id));
    // The link's name is the text it shows (id and title); the node's <title> adds the full title.
    if (id === focus) node.classList.add('focus');
    node.replaceWith(link);
    link.append(node);
  }
  for (const edge of root.querySelectorAll('g.edge')) edge.setAttribute('aria-hidden', 'true');
  return document.importNode(root, true) as unknown as SVGSVGElement;
}
