// Reads an SVG trace graph back: each node box's place, by entity id, and the rows its boxes form.

/** A node box of the drawing. */
export interface DrawnBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The node boxes of an SVG from traceSvg, by entity id. */
export function drawnBoxes(svg: string): Map<string, DrawnBox> {
  const boxes = new Map<string, DrawnBox>();
  const node =
    /<g class="node[^"]*" data-id="([^"]+)">.*?<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g;
  for (const m of svg.matchAll(node))
    boxes.set(m[1]!, { x: Number(m[2]), y: Number(m[3]), width: Number(m[4]), height: Number(m[5]) });
  return boxes;
}

/** How many boxes of these ids stand in each row (boxes with the same top), top row first. */
export function rowsOf(boxes: Map<string, DrawnBox>, ids: readonly string[]): number[] {
  const rows = new Map<number, number>();
  for (const id of ids) {
    const box = boxes.get(id);
    if (!box) throw new Error(`${id} is not drawn`);
    rows.set(box.y, (rows.get(box.y) ?? 0) + 1);
  }
  return [...rows].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
}
