// SPDX-License-Identifier: AGPL-3.0-or-later
// The example design project read as the source browser reads it: manifest, instance tree, nets, and the
// join to the netlist graph of rr pnr-sim's example board; and the problems a broken project reports.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDesignManifest } from '../../src/design-sources/design-manifest.js';
import { DesignSourceError } from '../../src/design-sources/design-source-problem.js';
import { DesignSourceIndex } from '../../src/design-sources/design-source-index.js';
import { findInstance } from '../../src/design-sources/source-netlist-join.js';
import { parseAtoFile } from '../../src/design-sources/ato-parser.js';
import { buildInstanceTree } from '../../src/design-sources/instance-tree.js';
import { tempDir } from '../temp-dir.js';
import { EXAMPLE_DESIGN, exampleBoardGraph } from './example-design.js';

function copyDesign(): { root: string; graph: string } {
  const root = join(tempDir(), 'design');
  cpSync(EXAMPLE_DESIGN, root, { recursive: true });
  const graph = join(root, 'netlist.json');
  writeFileSync(graph, JSON.stringify(exampleBoardGraph()));
  return { root, graph };
}

describe('the example design project', () => {
  it('reads the manifest: build entry, source and parts folders', () => {
    const m = readDesignManifest({ hdlRoot: EXAMPLE_DESIGN, hdlBuild: 'default' });
    expect(m.entryModule).toBe('SensorNode');
    expect(m.entryFile).toBe(join(EXAMPLE_DESIGN, 'elec/src/sensor-node.ato'));
    expect(m.sourceDir).toBe(join(EXAMPLE_DESIGN, 'elec/src'));
    expect(m.partsDir).toBe(join(EXAMPLE_DESIGN, 'elec/src/parts'));
    expect(m.entry.line).toBe(11);
  });

  it('builds the instance tree with files, lines, attributes and pins', () => {
    const { root, graph } = copyDesign();
    const index = new DesignSourceIndex({ hdlRoot: root, hdlBuild: 'default', graph }).index();
    expect(index.problems).toEqual([]);
    expect(index.tree.children.map((c) => [c.name, c.type, c.declaredAt?.file, c.declaredAt?.line])).toEqual([
      ['supply', 'PowerInput', 'sensor-node.ato', 12],
      ['mcu', 'Controller', 'sensor-node.ato', 13],
      ['port', 'I2CPort', 'sensor-node.ato', 14],
      ['leds', 'StatusLeds', 'sensor-node.ato', 15],
    ]);
    const ldo = findInstance(index.tree, 'supply.ldo')!;
    expect(ldo).toMatchObject({
      kind: 'component',
      type: 'AP2112K_3V3',
      definition: { file: 'parts/AP2112K_3V3/AP2112K_3V3.ato', line: 1 },
      pins: ['1', '2', '3', '4', '5'],
      ref: 'U2',
      doc: '600 mA low-dropout regulator, 3.3 V out, SOT-23-5.',
    });
    expect(Object.fromEntries(ldo.attributes.map((a) => [a.name, a.value]))).toMatchObject({
      footprint: 'SOT-23-5',
      value: 'LDO 3.3V',
    });
    // The parent's assignment overrides nothing here but sets the value; the type's footprint stays.
    const rReset = findInstance(index.tree, 'mcu.r_reset')!;
    expect(rReset.attributes.find((a) => a.name === 'value')).toMatchObject({
      value: '10kohm +/- 5%',
      kind: 'tolerance',
      at: { file: 'controller.ato', line: 27 },
    });
    // Header4 extends Header2: pins of both.
    expect(findInstance(index.tree, 'port.connector')!.pins).toEqual(['1', '2', '3', '4']);
  });

  it('joins every component by address and every net by its pads', () => {
    const { root, graph } = copyDesign();
    const index = new DesignSourceIndex({ hdlRoot: root, hdlBuild: 'default', graph }).index();
    expect(index.unjoined).toEqual({ graphComponents: [], sourceComponents: [] });
    expect(index.tree.components.sort()).toHaveLength(16);
    expect(index.nets.map((n) => [n.net, n.title, n.match])).toEqual([
      ['+3V3', 'supply.rail.vcc', 'exact'],
      ['+5V', 'supply.input.vcc', 'exact'],
      ['GND', 'supply.input.gnd', 'exact'],
      ['LED1', 'mcu.led_red', 'exact'],
      ['LED1_A', 'leds.r_red.p2', 'exact'],
      ['LED2', 'mcu.led_green', 'exact'],
      ['LED2_A', 'leds.r_green.p2', 'exact'],
      ['NRST', 'mcu.ic.nreset', 'exact'],
      ['SCL', 'mcu.i2c.scl', 'exact'],
      ['SDA', 'mcu.i2c.sda', 'exact'],
      ['SENSE', 'mcu.ic.sense', 'exact'],
    ]);
    const sda = index.nets.find((n) => n.net === 'SDA')!;
    expect(sda.summary).toContain('SDA is mcu.i2c.sda in the sources: 3 pads');
    expect(sda.summary).toContain('U1 pad 5 (mcu.ic.5)');
    expect(sda.summary).toMatch(/connected at [\w/.-]+\.ato:\d+/);
    expect(findInstance(index.tree, 'leds')!.nets).toEqual([
      '+3V3',
      'GND',
      'LED1',
      'LED1_A',
      'LED2',
      'LED2_A',
    ]);
  });

  it('says which pads differ when the sources and the graph disagree', () => {
    const { root, graph } = copyDesign();
    const file = join(root, 'elec/src/i2c-port.ato');

    writeFileSync(file, readFileSync(file, 'utf8').replace('r_scl.p2 ~ i2c.scl', 'r_scl.p2 ~ i2c.sda'));
    const index = new DesignSourceIndex({ hdlRoot: root, hdlBuild: 'default', graph }).index();
    const sda = index.nets.find((n) => n.net === 'SDA')!;
    expect(sda).toMatchObject({ match: 'partial', onlyInSources: ['R2.2'], onlyInGraph: [] });
  });

  it('reports a broken file with its line and still shows the rest; a typo in a connection is a warning', () => {
    const { root, graph } = copyDesign();
    writeFileSync(join(root, 'elec/src/indicators.ato'), 'module StatusLeds:\n    red = new\n');
    const ctl = join(root, 'elec/src/controller.ato');

    writeFileSync(
      ctl,
      readFileSync(ctl, 'utf8')
        .replace('ic.sense ~', 'ic.sens ~')
        .replace('r_sense.p2 ~ ic.sense', 'r_sense.p2 ~ ic.sens'),
    );
    const index = new DesignSourceIndex({ hdlRoot: root, hdlBuild: 'default', graph }).index();
    expect(index.problems).toContainEqual(
      expect.objectContaining({ file: 'indicators.ato', line: 2, severity: 'error' }),
    );
    expect(index.problems).toContainEqual(
      expect.objectContaining({
        file: 'controller.ato',
        severity: 'warning',
        message: expect.stringContaining('mcu.ic.sens names nothing'),
      }),
    );
    expect(index.files.find((f) => f.path === 'indicators.ato')).toMatchObject({ parsed: false });
    expect(findInstance(index.tree, 'supply.ldo')!.ref).toBe('U2');
  });

  it('expands a loop over a list into a connection per reference; a loop over a slice connects nothing', () => {
    const text = [
      'component R:',
      '    pin 1',
      '    pin 2',
      'module Top:',
      '    signal vcc',
      '    signal gnd',
      '    r1 = new R',
      '    r2 = new R',
      '    r3 = new R',
      '    for r in [r1, \\',
      '              r2]:',
      '        r.1 ~ vcc',
      '    for r in rs[0:2]:',
      '        r.2 ~ gnd',
      '',
    ].join('\n');
    const tree = buildInstanceTree(new Map([['top.ato', parseAtoFile(text, 'top.ato')]]), 'top.ato', 'Top');
    expect(tree.problems).toEqual([]);
    const vcc = tree.nets.find((n) => n.title === 'vcc')!;
    expect(vcc.pads).toEqual([
      { component: 'r1', pad: '1' },
      { component: 'r2', pad: '1' },
    ]);
    expect(vcc.connections).toEqual([
      { file: 'top.ato', line: 12, column: 9 },
      { file: 'top.ato', line: 12, column: 9 },
    ]);
    expect(tree.nets.find((n) => n.title === 'gnd')).toBeUndefined();
  });

  it('refuses a manifest without the build, with a broken entry or bad YAML, naming the line', () => {
    const { root } = copyDesign();
    const error = (hdlBuild = 'default') => {
      try {
        readDesignManifest({ hdlRoot: root, hdlBuild });
      } catch (e) {
        if (e instanceof DesignSourceError) return e.message;
        throw e;
      }
      return 'no error';
    };
    expect(error('main')).toBe(
      `${join(root, 'ato.yaml')}:9: has no build "main" (--hdl-build); its builds are "default"`,
    );
    writeFileSync(join(root, 'ato.yaml'), 'builds:\n  default:\n    entry: elec/src/sensor-node.ato\n');
    expect(error()).toBe(
      `${join(root, 'ato.yaml')}:3: entry "elec/src/sensor-node.ato" must name the entry module as path/file.ato:Module`,
    );
    writeFileSync(join(root, 'ato.yaml'), 'builds:\n  default: [\n');
    expect(error()).toMatch(/ato\.yaml:\d+:\d+: not valid YAML/);
    expect(() => readDesignManifest({ hdlRoot: tempDir(), hdlBuild: 'default' })).toThrow(
      /there is no ato\.yaml here/,
    );
  });
});
