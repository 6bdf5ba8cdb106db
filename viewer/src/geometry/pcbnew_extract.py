# SPDX-License-Identifier: AGPL-3.0-or-later
"""Prints the geometry of a KiCad board as JSON, read with KiCad's own pcbnew module.

Usage: python3 pcbnew_extract.py BOARD.kicad_pcb

The output has the shape of viewer/src/geometry/board-geometry.ts (schema rr-board-geometry-v1),
with "boundingBox" left null: the viewer computes it with the same function for both extractors.
Exit codes: 0 done, 2 usage or an unreadable board, 3 the pcbnew module cannot be imported.
"""

import json
import sys
import time

try:
    import pcbnew
except ImportError as error:  # the viewer shows this message as the reason
    print(f"pcbnew_extract: cannot import KiCad's pcbnew module with {sys.executable}: {error}", file=sys.stderr)
    sys.exit(3)

NM_PER_MM = 1e6

PAD_TYPES = {
    pcbnew.PAD_ATTRIB_PTH: "thru_hole",
    pcbnew.PAD_ATTRIB_SMD: "smd",
    pcbnew.PAD_ATTRIB_CONN: "connect",
    pcbnew.PAD_ATTRIB_NPTH: "np_thru_hole",
}
PAD_SHAPES = {
    pcbnew.PAD_SHAPE_CIRCLE: "circle",
    pcbnew.PAD_SHAPE_RECTANGLE: "rect",
    pcbnew.PAD_SHAPE_OVAL: "oval",
    pcbnew.PAD_SHAPE_TRAPEZOID: "trapezoid",
    pcbnew.PAD_SHAPE_ROUNDRECT: "roundrect",
    pcbnew.PAD_SHAPE_CHAMFERED_RECT: "chamfered_rect",
    pcbnew.PAD_SHAPE_CUSTOM: "custom",
}
VIA_TYPES = {
    pcbnew.VIATYPE_THROUGH: "through",
    pcbnew.VIATYPE_BLIND_BURIED: "blind_buried",
    pcbnew.VIATYPE_MICROVIA: "micro",
}


def mm(value):
    return value / NM_PER_MM


def point(vector):
    return [mm(vector.x), mm(vector.y)]


def angle(degrees):
    """Degrees normalised to [0, 360), as the native reader writes them."""
    normalised = round(degrees % 360.0, 6)
    return 0 if normalised in (0.0, 360.0) else normalised


def net_name(item):
    name = str(item.GetNetname())
    return name if name else None


def chain_points(chain):
    flat = []
    for i in range(chain.PointCount()):
        p = chain.CPoint(i)
        flat.extend((mm(p.x), mm(p.y)))
    return flat


class Extractor:
    def __init__(self, board):
        self.board = board
        self.enabled = board.GetEnabledLayers()

    def layer_name(self, layer_id):
        # The canonical name, as board files and pad layer lists write it (F.SilkS, not F.Silkscreen).
        return str(pcbnew.LSET.Name(layer_id))

    def layer_names(self, layer_set):
        return [self.layer_name(layer) for layer in layer_set.Seq() if self.enabled.Contains(layer)]

    def layers(self):
        result = []
        for layer in self.enabled.Seq():
            name = self.layer_name(layer)
            if pcbnew.IsCopperLayer(layer):
                kind = str(pcbnew.LAYER.ShowType(self.board.GetLayerType(layer)))
            else:
                kind = "user"
            entry = {"name": name, "type": kind}
            user_name = str(self.board.GetLayerName(layer))
            if user_name != name:
                entry["userName"] = user_name
            result.append(entry)
        return result

    def shape(self, item):
        kind = item.GetShape()
        width = mm(item.GetWidth())
        if kind == pcbnew.SHAPE_T_SEGMENT:
            return {"kind": "line", "start": point(item.GetStart()), "end": point(item.GetEnd()), "width": width}
        if kind == pcbnew.SHAPE_T_ARC:
            return {
                "kind": "arc",
                "start": point(item.GetStart()),
                "mid": point(item.GetArcMid()),
                "end": point(item.GetEnd()),
                "width": width,
            }
        if kind == pcbnew.SHAPE_T_CIRCLE:
            return {
                "kind": "circle",
                "center": point(item.GetCenter()),
                "radius": mm(item.GetRadius()),
                "width": width,
                "filled": bool(item.IsFilled()),
            }
        if kind == pcbnew.SHAPE_T_RECTANGLE:
            return {
                "kind": "rect",
                "start": point(item.GetStart()),
                "end": point(item.GetEnd()),
                "width": width,
                "filled": bool(item.IsFilled()),
            }
        if kind == pcbnew.SHAPE_T_POLY:
            poly = item.GetPolyShape()
            flat = chain_points(poly.COutline(0)) if poly.OutlineCount() > 0 else []
            return {"kind": "polygon", "points": flat, "width": width, "filled": bool(item.IsFilled())}
        if kind == pcbnew.SHAPE_T_BEZIER:
            points = [item.GetStart(), item.GetBezierC1(), item.GetBezierC2(), item.GetEnd()]
            return {"kind": "bezier", "points": [point(p) for p in points], "width": width}
        return None

    def edge_cuts(self, items):
        shapes = []
        for item in items:
            if item.GetLayer() == pcbnew.Edge_Cuts and item.GetClass() == "PCB_SHAPE":
                shape = self.shape(item)
                if shape is not None:
                    shapes.append(shape)
        return shapes

    def copper_graphics(self, items):
        graphics = []
        for item in items:
            layer = item.GetLayer()
            if item.GetClass() == "PCB_SHAPE" and pcbnew.IsCopperLayer(layer) and self.enabled.Contains(layer):
                shape = self.shape(item)
                if shape is not None:
                    graphics.append({"layer": self.layer_name(layer), "net": net_name(item), "shape": shape})
        return graphics

    def pad(self, pad):
        shape = PAD_SHAPES.get(pad.GetShape(pcbnew.F_Cu), "rect")
        kind = PAD_TYPES.get(pad.GetAttribute(), "smd")
        size = pad.GetSize(pcbnew.F_Cu)
        result = {
            "number": str(pad.GetNumber()),
            "type": kind,
            "shape": shape,
            "at": point(pad.GetPosition()),
            "angle": angle(pad.GetOrientationDegrees()),
            "size": [mm(size.x), mm(size.y)],
            "layers": self.layer_names(pad.GetLayerSet()),
            "net": net_name(pad),
        }
        drill = pad.GetDrillSize()
        if kind in ("thru_hole", "np_thru_hole") and drill.x > 0:
            oval = pad.GetDrillShape() == pcbnew.PAD_DRILL_SHAPE_OBLONG
            result["drill"] = {"shape": "oval" if oval else "circle", "size": [mm(drill.x), mm(drill.y)]}
        if shape in ("roundrect", "chamfered_rect"):
            result["roundrectRatio"] = round(pad.GetRoundRectRadiusRatio(pcbnew.F_Cu), 6)
        if shape == "custom":
            # pcbnew's Python cannot list the primitives themselves; their union, in the pad's own
            # frame, draws the same copper.
            merged = pcbnew.SHAPE_POLY_SET()
            pad.MergePrimitivesAsPolygon(pcbnew.F_Cu, merged)
            result["primitives"] = [
                {"kind": "polygon", "points": chain_points(merged.COutline(i)), "width": 0, "filled": True}
                for i in range(merged.OutlineCount())
            ]
        return result

    def footprints(self, outline, graphics):
        result = []
        for footprint in self.board.GetFootprints():
            outline.extend(self.edge_cuts(footprint.GraphicalItems()))
            graphics.extend(self.copper_graphics(footprint.GraphicalItems()))
            result.append(
                {
                    "reference": str(footprint.GetReference()),
                    "value": str(footprint.GetValue()),
                    "libId": str(footprint.GetFPIDAsString()),
                    "at": point(footprint.GetPosition()),
                    "angle": angle(footprint.GetOrientationDegrees()),
                    "layer": self.layer_name(footprint.GetLayer()),
                    "pads": [self.pad(pad) for pad in footprint.Pads()],
                }
            )
        return result

    def tracks(self):
        segments, arcs, vias = [], [], []
        for track in self.board.GetTracks():
            kind = track.GetClass()
            if kind == "PCB_VIA":
                vias.append(
                    {
                        "at": point(track.GetPosition()),
                        "diameter": mm(track.GetWidth(pcbnew.F_Cu)),
                        "drill": mm(track.GetDrillValue()),
                        "layers": [self.layer_name(track.TopLayer()), self.layer_name(track.BottomLayer())],
                        "type": VIA_TYPES.get(track.GetViaType(), "through"),
                        "net": net_name(track),
                    }
                )
            elif kind == "PCB_ARC":
                arcs.append(
                    {
                        "start": point(track.GetStart()),
                        "mid": point(track.GetMid()),
                        "end": point(track.GetEnd()),
                        "width": mm(track.GetWidth()),
                        "layer": self.layer_name(track.GetLayer()),
                        "net": net_name(track),
                    }
                )
            else:
                segments.append(
                    {
                        "start": point(track.GetStart()),
                        "end": point(track.GetEnd()),
                        "width": mm(track.GetWidth()),
                        "layer": self.layer_name(track.GetLayer()),
                        "net": net_name(track),
                    }
                )
        return segments, arcs, vias

    def zones(self):
        result = []
        for zone in self.board.Zones():
            layers = self.layer_names(zone.GetLayerSet())
            fills = []
            for layer in zone.GetLayerSet().Seq():
                if not self.enabled.Contains(layer) or not zone.HasFilledPolysForLayer(layer):
                    continue
                polys = zone.GetFilledPolysList(layer)
                polygons = [chain_points(polys.COutline(i)) for i in range(polys.OutlineCount())]
                if polygons:
                    fills.append({"layer": self.layer_name(layer), "polygons": polygons})
            outline = zone.Outline()
            result.append(
                {
                    "net": None if zone.GetIsRuleArea() else net_name(zone),
                    "name": str(zone.GetZoneName()),
                    "layers": layers,
                    "ruleArea": bool(zone.GetIsRuleArea()),
                    "outline": chain_points(outline.COutline(0)) if outline.OutlineCount() > 0 else [],
                    "fills": fills,
                }
            )
        return result

    def geometry(self):
        outline = self.edge_cuts(self.board.GetDrawings())
        graphics = self.copper_graphics(self.board.GetDrawings())
        footprints = self.footprints(outline, graphics)
        segments, arcs, vias = self.tracks()
        nets = sorted(str(name) for name in self.board.GetNetsByName().keys() if str(name))
        return {
            "schema": "rr-board-geometry-v1",
            "extractor": "pcbnew",
            "formatVersion": None,
            "layers": self.layers(),
            "nets": nets,
            "footprints": footprints,
            "segments": segments,
            "arcs": arcs,
            "vias": vias,
            "zones": self.zones(),
            "graphics": graphics,
            "outline": outline,
            "boundingBox": None,
        }


def main(argv):
    if len(argv) != 2:
        print("usage: pcbnew_extract.py BOARD.kicad_pcb", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        board = pcbnew.LoadBoard(argv[1])
    except Exception as error:  # pcbnew raises IOError and others for unreadable boards
        print(f"pcbnew_extract: {argv[1]}: KiCad cannot load the board: {error}", file=sys.stderr)
        return 2
    if board is None:
        print(f"pcbnew_extract: {argv[1]}: KiCad cannot load the board", file=sys.stderr)
        return 2
    loaded = time.monotonic()
    geometry = Extractor(board).geometry()
    extracted = time.monotonic()
    json.dump(geometry, sys.stdout, separators=(",", ":"), allow_nan=False)
    sys.stdout.write("\n")
    # Timings for the benchmark; the viewer ignores stderr of a successful run.
    print(
        f"pcbnew_extract: load {loaded - started:.2f} s, extract {extracted - loaded:.2f} s, "
        f"write {time.monotonic() - extracted:.2f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
