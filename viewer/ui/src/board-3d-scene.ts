// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D board: a checkpoint's GLB (exported by kicad-cli) drawn with three.js, orbit/pan/zoom with
// OrbitControls, fixed top/bottom/front/side views, layers toggled by the meshes KiCad names
// (<board>_PCB, _copper, _pad, _via, _silkscreen, _soldermask; components are nodes named by their
// reference), and footprint outlines from the 2D geometry so that every footprint can be picked, also
// one whose 3D model is missing. Loaded lazily: only this module imports three.
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** The layers the 3D view can hide. */
export const BOARD_3D_LAYERS = [
  'board',
  'copper',
  'silkscreen',
  'soldermask',
  'components',
  'outlines',
] as const;
export type Board3dLayer = (typeof BOARD_3D_LAYERS)[number];

/** The fixed views. */
export type Board3dView = 'top' | 'bottom' | 'front' | 'side';

/** A footprint's box on the board (millimetres, KiCad's y-down coordinates) and its side. */
export interface FootprintBox {
  ref: string;
  min: [number, number];
  max: [number, number];
  bottom: boolean;
}

const MM = 0.001; // the GLB is in metres
const HIGHLIGHT = new THREE.Color('#ffd400');

/** One GLB on a canvas. */
export class Board3dScene {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(35, 1, 0.0005, 10);
  private readonly controls: OrbitControls;
  private readonly layers = new Map<Board3dLayer, THREE.Object3D[]>();
  private readonly parts = new Map<string, THREE.Object3D[]>();
  private readonly outlines = new Map<string, THREE.Mesh>();
  private readonly pickable: THREE.Object3D[] = [];
  private readonly resize: ResizeObserver;
  private center = new THREE.Vector3();
  private size = 0.1;
  private highlighted: string | null = null;
  private frame = 0;
  private down: { x: number; y: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly onPick: (ref: string | null) => void,
  ) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.scene.background = new THREE.Color('#1d2430');
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x445566, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(0.3, 1, 0.5);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    // Arrow keys pan while the canvas has the focus (it is in the tab order).
    this.controls.listenToKeyEvents(canvas);
    this.controls.addEventListener('change', () => this.render());
    canvas.addEventListener('pointerdown', (e) => (this.down = { x: e.clientX, y: e.clientY }));
    canvas.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(canvas);
  }

  /** Loads the GLB and the footprint outlines; resolves once drawn. */
  async load(url: string, footprints: readonly FootprintBox[]): Promise<void> {
    const gltf = await new GLTFLoader().loadAsync(url);
    const root = gltf.scene;
    const meshNames = (gltf.parser.json as { meshes?: { name?: string }[] }).meshes ?? [];
    const meshName = (object: THREE.Object3D) => {
      const index = gltf.parser.associations.get(object)?.meshes;
      return (index !== undefined ? meshNames[index]?.name : undefined) ?? object.name;
    };
    this.scene.add(root);
    root.traverse((object) => {
      const reference = partReference(object);
      if (reference && object !== root) {
        // A component: a node named by its reference (KiCad names the others "=>[0:1:1:n]").
        (this.parts.get(reference) ?? this.parts.set(reference, []).get(reference)!).push(object);
        this.add('components', object);
        object.traverse((child) => {
          child.userData.ref = reference;
          if (child instanceof THREE.Mesh) this.pickable.push(child);
        });
        return;
      }
      if (!(object instanceof THREE.Mesh) || object.userData.ref) return;
      this.add(layerOfMesh(meshName(object)), object);
    });
    const box = new THREE.Box3().setFromObject(root);
    box.getCenter(this.center);
    this.size = Math.max(box.max.x - box.min.x, box.max.z - box.min.z, 0.005);
    const thickness = box.max.y - box.min.y;
    for (const fp of footprints) this.addOutline(fp, box, thickness);
    this.setView('top');
  }

  /** Points the camera at the board from above, below, the front or the side. */
  setView(view: Board3dView): void {
    const d = this.size * 1.6;
    const c = this.center;
    const at: Record<Board3dView, [number, number, number]> = {
      top: [c.x, c.y + d, c.z + d * 0.001],
      bottom: [c.x, c.y - d, c.z + d * 0.001],
      front: [c.x, c.y + d * 0.35, c.z + d],
      side: [c.x + d, c.y + d * 0.35, c.z],
    };
    this.camera.position.set(...at[view]);
    this.camera.up.set(0, view === 'bottom' ? -1 : 1, 0);
    if (view === 'top' || view === 'bottom') this.camera.up.set(0, 0, -1);
    this.controls.target.copy(c);
    this.controls.update();
    this.render();
  }

  /** Turns a layer's meshes on or off. */
  setLayerVisible(layer: Board3dLayer, visible: boolean): void {
    for (const object of this.layers.get(layer) ?? []) object.visible = visible;
    this.render();
  }

  /** Whether the GLB has anything on a layer. */
  hasLayer(layer: Board3dLayer): boolean {
    return (this.layers.get(layer)?.length ?? 0) > 0;
  }

  /** References of the parts drawn with a 3D model. */
  modelledParts(): string[] {
    return [...this.parts.keys()].sort();
  }

  /** Highlights a footprint (its model and outline), or none. */
  highlight(ref: string | null): void {
    if (ref === this.highlighted) return;
    this.paint(this.highlighted, false);
    this.highlighted = ref;
    this.paint(ref, true);
    this.render();
  }

  /** Turns the view about the board by an angle (radians), as a drag would. */
  rotate(radians: number): void {
    const offset = this.camera.position.clone().sub(this.controls.target);
    offset.applyAxisAngle(new THREE.Vector3(0, 1, 0), radians);
    this.camera.position.copy(this.controls.target).add(offset);
    this.controls.update();
    this.render();
  }

  /** The camera's position, so tests and snapshots can tell the view changed. */
  cameraPosition(): [number, number, number] {
    return this.camera.position.toArray() as [number, number, number];
  }

  /** The point the camera orbits and looks at (panning moves it). */
  cameraTarget(): [number, number, number] {
    return this.controls.target.toArray() as [number, number, number];
  }

  /** The camera's distance from its target (zooming changes it). */
  cameraDistance(): number {
    return this.camera.position.distanceTo(this.controls.target);
  }

  /** Whether a layer's meshes are drawn: true when all are, false when none is, null when it has none. */
  layerShown(layer: Board3dLayer): boolean | null {
    const objects = this.layers.get(layer) ?? [];
    if (objects.length === 0) return null;
    const shown = objects.filter(isShown).length;
    return shown === objects.length ? true : shown === 0 ? false : null;
  }

  /** References drawn in the highlight colour now (outline or model), read from the scene's materials. */
  highlightedParts(): string[] {
    const lit = new Set<string>();
    for (const [ref, outline] of this.outlines)
      if ((outline.material as THREE.MeshBasicMaterial).color.equals(HIGHLIGHT)) lit.add(ref);
    for (const [ref, objects] of this.parts)
      for (const part of objects)
        part.traverse((child) => {
          if (!(child instanceof THREE.Mesh)) return;
          for (const m of [child.material].flat())
            if (m instanceof THREE.MeshStandardMaterial && m.emissive.equals(HIGHLIGHT)) lit.add(ref);
        });
    return [...lit].sort();
  }

  /** Where a footprint shows on the canvas (CSS pixels from its top left), or undefined. */
  screenPoint(ref: string): { x: number; y: number } | undefined {
    const target = this.parts.get(ref)?.[0] ?? this.outlines.get(ref);
    if (!target) return undefined;
    const p = new THREE.Box3().setFromObject(target).getCenter(new THREE.Vector3()).project(this.camera);
    const rect = this.canvas.getBoundingClientRect();
    return { x: ((p.x + 1) / 2) * rect.width, y: ((1 - p.y) / 2) * rect.height };
  }

  /** Frees the GPU resources. */
  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    this.scene.traverse((object) => {
      if (object instanceof THREE.Mesh) {
        object.geometry.dispose();
        for (const m of [object.material].flat()) (m as THREE.Material).dispose();
      }
    });
    this.renderer.dispose();
  }

  private add(layer: Board3dLayer, object: THREE.Object3D): void {
    (this.layers.get(layer) ?? this.layers.set(layer, []).get(layer)!).push(object);
  }

  private addOutline(fp: FootprintBox, board: THREE.Box3, thickness: number): void {
    const w = Math.max((fp.max[0] - fp.min[0]) * MM, 0.0005);
    const d = Math.max((fp.max[1] - fp.min[1]) * MM, 0.0005);
    const h = Math.max(thickness * 0.08, 0.00005);
    const mesh = new THREE.Mesh(
      new THREE.BoxGeometry(w, h, d),
      new THREE.MeshBasicMaterial({ color: '#7fb2ff', transparent: true, opacity: 0.35, depthWrite: false }),
    );
    const x = ((fp.min[0] + fp.max[0]) / 2) * MM;
    const z = ((fp.min[1] + fp.max[1]) / 2) * MM;
    mesh.position.set(x, fp.bottom ? board.min.y - h : board.max.y + h / 2, z);
    mesh.userData.ref = fp.ref;
    mesh.name = `outline:${fp.ref}`;
    this.scene.add(mesh);
    this.outlines.set(fp.ref, mesh);
    this.pickable.push(mesh);
    this.add('outlines', mesh);
  }

  private paint(ref: string | null, on: boolean): void {
    if (!ref) return;
    const outline = this.outlines.get(ref);
    if (outline) {
      const m = outline.material as THREE.MeshBasicMaterial;
      m.color.set(on ? HIGHLIGHT : '#7fb2ff');
      m.opacity = on ? 0.85 : 0.35;
    }
    for (const part of this.parts.get(ref) ?? [])
      part.traverse((child) => {
        if (!(child instanceof THREE.Mesh)) return;
        for (const m of [child.material].flat())
          if (m instanceof THREE.MeshStandardMaterial) m.emissive.set(on ? HIGHLIGHT : 0x000000);
      });
  }

  private onPointerUp(e: PointerEvent): void {
    const down = this.down;
    this.down = null;
    // A drag turns the view; only a click picks.
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4) return;
    const rect = this.canvas.getBoundingClientRect();
    const pointer = new THREE.Vector2(
      ((e.clientX - rect.left) / rect.width) * 2 - 1,
      -((e.clientY - rect.top) / rect.height) * 2 + 1,
    );
    const ray = new THREE.Raycaster();
    ray.setFromCamera(pointer, this.camera);
    const hit = ray.intersectObjects(this.pickable.filter(isShown), false)[0];
    this.onPick((hit?.object.userData.ref as string | undefined) ?? null);
  }

  private fit(): void {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    this.renderer.setSize(rect.width, rect.height, false);
    this.camera.aspect = rect.width / rect.height;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  private render(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.renderer.render(this.scene, this.camera));
  }
}

/** The reference a component node is named by, or undefined for KiCad's other nodes. */
function partReference(object: THREE.Object3D): string | undefined {
  // The loader keeps the node's own name in userData (object.name drops characters such as '.').
  const name = (object.userData.name as string | undefined) ?? '';
  return name && !name.startsWith('=>') && !(object instanceof THREE.Mesh) ? name : undefined;
}

/** The layer of one of KiCad's board meshes, by its name's suffix. */
function layerOfMesh(name: string): Board3dLayer {
  if (/_(copper|pad|via)(_\d+)?$/i.test(name)) return 'copper';
  if (/_silkscreen(_\d+)?$/i.test(name)) return 'silkscreen';
  if (/_soldermask(_\d+)?$/i.test(name)) return 'soldermask';
  return 'board';
}

function isShown(object: THREE.Object3D): boolean {
  for (let o: THREE.Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
