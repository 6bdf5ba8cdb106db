// `rr export reqif`: an rr model as ReqIF 1.2, written through rr's one XML writer
// (tools/xml/xml-writer.ts). One
// SPEC-OBJECT-TYPE per kind with an attribute definition per field, descriptions as XHTML, a
// SPEC-RELATION-TYPE per reference field, a SPECIFICATION per kind (requirements nested by refines).
// Identifiers come from ids and times from one timestamp, so exporting the same model gives the same
// bytes and a changed model a small diff (docs/import-export.md).
import { ENTITY_KINDS, KIND_WORDS, stringList, type Entity, type EntityKind } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import { REFERENCE_FIELDS } from '../../model/references.js';
import { RR_STATUSES } from '../imported-model/status-words.js';
import { attributeKey, idPart, objectKey } from './reqif-identifiers.js';
import { attributeFields, LIST_FIELDS } from '../imported-model/rr-fields.js';
import { xmlDocument, type XmlNode } from '../../xml/xml-writer.js';
import { textToXhtml } from './xhtml-text.js';

const REQIF_NS = 'http://www.omg.org/spec/ReqIF/20110401/reqif.xsd';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** How each field is typed in ReqIF and the LONG-NAME other tools know it by. */
const STANDARD_NAMES: Record<string, string> = {
  id: 'ReqIF.ForeignID',
  title: 'ReqIF.Name',
  description: 'ReqIF.Text',
};
const SECTION_WORDS: Record<EntityKind, string> = {
  user_need: 'user needs',
  requirement: 'requirements',
  risk: 'risks',
  mitigation: 'mitigations',
  test_method: 'test methods',
};

type XmlItem = XmlNode;

/** An element with attributes and child elements; the writer escapes attribute values and text. */
function el(name: string, attributes: Record<string, string>, children: XmlItem[] = []): XmlItem {
  return { name, attributes, content: children };
}

function text(name: string, value: string): XmlItem {
  return { name, content: [value] };
}

function ref(wrapper: string, refName: string, id: string): XmlItem {
  return el(wrapper, {}, [text(refName, id)]);
}

/** The ReqIF text of a model; `timestamp` is every CREATION-TIME and LAST-CHANGE. */
export function reqifText(model: Model, timestamp: string): string {
  const stamp = { 'LAST-CHANGE': timestamp };
  const entities = exportOrder(model);
  const kinds = ENTITY_KINDS.filter((k) => entities.some((e) => e.kind === k));
  const title = typeof model.project.name === 'string' ? model.project.name : 'rr model';
  const root = el('REQ-IF', { xmlns: REQIF_NS, 'xmlns:xhtml': XHTML_NS }, [
    el('THE-HEADER', {}, [
      el('REQ-IF-HEADER', { IDENTIFIER: 'rr-header' }, [
        text('CREATION-TIME', timestamp),
        text('REQ-IF-TOOL-ID', 'rr'),
        text('REQ-IF-VERSION', '1.0'),
        text('SOURCE-TOOL-ID', 'rr'),
        text('TITLE', title),
      ]),
    ]),
    el('CORE-CONTENT', {}, [
      el('REQ-IF-CONTENT', {}, [
        el('DATATYPES', {}, datatypes(stamp)),
        el('SPEC-TYPES', {}, specTypes(stamp)),
        el(
          'SPEC-OBJECTS',
          {},
          entities.map((e) => specObject(e, stamp)),
        ),
        el('SPEC-RELATIONS', {}, specRelations(entities, model, stamp)),
        el(
          'SPECIFICATIONS',
          {},
          kinds.map((k) => specification(k, entities, model, stamp)),
        ),
      ]),
    ]),
  ]);
  return xmlDocument(root);
}

function datatypes(stamp: Record<string, string>): XmlItem[] {
  return [
    el('DATATYPE-DEFINITION-STRING', {
      IDENTIFIER: 'rr-datatype-string',
      ...stamp,
      'LONG-NAME': 'rr text',
      'MAX-LENGTH': '1000000',
    }),
    el('DATATYPE-DEFINITION-XHTML', {
      IDENTIFIER: 'rr-datatype-xhtml',
      ...stamp,
      'LONG-NAME': 'rr rich text',
    }),
    el(
      'DATATYPE-DEFINITION-ENUMERATION',
      { IDENTIFIER: 'rr-datatype-status', ...stamp, 'LONG-NAME': 'rr status' },
      [
        el(
          'SPECIFIED-VALUES',
          {},
          RR_STATUSES.map((s, i) =>
            el('ENUM-VALUE', { IDENTIFIER: `rr-status-${s}`, ...stamp, 'LONG-NAME': s }, [
              el('PROPERTIES', {}, [el('EMBEDDED-VALUE', { KEY: String(i), 'OTHER-CONTENT': s })]),
            ]),
          ),
        ),
      ],
    ),
  ];
}

/** The ReqIF type of a field's attribute: XHTML for descriptions, an enumeration for status. */
function fieldType(field: string): 'STRING' | 'XHTML' | 'ENUMERATION' {
  return field === 'description' ? 'XHTML' : field === 'status' ? 'ENUMERATION' : 'STRING';
}

function specTypes(stamp: Record<string, string>): XmlItem[] {
  const types: XmlItem[] = ENTITY_KINDS.map((kind) =>
    el(
      'SPEC-OBJECT-TYPE',
      { IDENTIFIER: `rr-type-${kind}`, ...stamp, 'LONG-NAME': kind, DESC: `rr ${KIND_WORDS[kind]}` },
      [
        el(
          'SPEC-ATTRIBUTES',
          {},
          ['id', ...attributeFields(kind)].map((field) => {
            const type = fieldType(field);
            const datatype = {
              STRING: 'rr-datatype-string',
              XHTML: 'rr-datatype-xhtml',
              ENUMERATION: 'rr-datatype-status',
            }[type];
            const extra: Record<string, string> = type === 'ENUMERATION' ? { 'MULTI-VALUED': 'false' } : {};
            return el(
              `ATTRIBUTE-DEFINITION-${type}`,
              {
                IDENTIFIER: attributeKey(kind, field),
                ...stamp,
                'LONG-NAME': STANDARD_NAMES[field] ?? field,
                ...extra,
              },
              [ref('TYPE', `DATATYPE-DEFINITION-${type}-REF`, datatype)],
            );
          }),
        ),
      ],
    ),
  );
  for (const { field } of REFERENCE_FIELDS) {
    types.push(
      el('SPEC-RELATION-TYPE', { IDENTIFIER: `rr-relation-type-${field}`, ...stamp, 'LONG-NAME': field }),
    );
  }
  types.push(
    el('SPECIFICATION-TYPE', {
      IDENTIFIER: 'rr-specification-type',
      ...stamp,
      'LONG-NAME': 'rr specification',
    }),
  );
  return types;
}

function specObject(entity: Entity, stamp: Record<string, string>): XmlItem {
  const values: XmlItem[] = [];
  for (const field of ['id', ...attributeFields(entity.kind)]) {
    const value = field === 'id' ? entity.id : entity.data[field];
    if (value === undefined) continue;
    const type = fieldType(field);
    const definition = ref(
      'DEFINITION',
      `ATTRIBUTE-DEFINITION-${type}-REF`,
      attributeKey(entity.kind, field),
    );
    if (type === 'XHTML') {
      values.push(
        el('ATTRIBUTE-VALUE-XHTML', {}, [
          definition,
          { name: 'THE-VALUE', content: [textToXhtml(fieldText(value))], inline: true },
        ]),
      );
    } else if (type === 'ENUMERATION') {
      values.push(
        el('ATTRIBUTE-VALUE-ENUMERATION', {}, [
          definition,
          ref('VALUES', 'ENUM-VALUE-REF', `rr-status-${fieldText(value)}`),
        ]),
      );
    } else {
      const plain = stringValue(field, value);
      values.push(el('ATTRIBUTE-VALUE-STRING', { 'THE-VALUE': plain }, [definition]));
    }
  }
  return el('SPEC-OBJECT', { IDENTIFIER: objectKey(entity.id), ...stamp }, [
    el('VALUES', {}, values),
    ref('TYPE', 'SPEC-OBJECT-TYPE-REF', `rr-type-${entity.kind}`),
  ]);
}

/** A text or enumeration field's value: the schema makes it a string; anything else shows as JSON. */
function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A STRING attribute's text: strings as they are, anything else as JSON. A list field's one-item list
 * is its item (rr reads `tags: a` and `tags: [a]` alike); a string that would read as JSON is a list.
 */
function stringValue(field: string, value: unknown): string {
  const single: unknown =
    LIST_FIELDS.has(field) && Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (typeof single !== 'string') return JSON.stringify(value);
  return LIST_FIELDS.has(field) && single.startsWith('[') ? JSON.stringify([single]) : single;
}

function specRelations(entities: Entity[], model: Model, stamp: Record<string, string>): XmlItem[] {
  const out: XmlItem[] = [];
  const taken = new Set<string>();
  for (const entity of entities) {
    for (const { kind, field } of REFERENCE_FIELDS) {
      if (entity.kind !== kind) continue;
      for (const target of stringList(entity.data[field])) {
        if (!model.byId.has(target)) continue;
        // Ids may hold the separator; a repeat (A-B→C against A→B-C) gets a number, in export order.
        const base = `rr-relation-${field}-${idPart(entity.id)}-${idPart(target)}`;
        let identifier = base;
        for (let n = 2; taken.has(identifier); n++) identifier = `${base}-${n}`;
        taken.add(identifier);
        out.push(
          el('SPEC-RELATION', { IDENTIFIER: identifier, ...stamp }, [
            ref('TYPE', 'SPEC-RELATION-TYPE-REF', `rr-relation-type-${field}`),
            ref('SOURCE', 'SPEC-OBJECT-REF', objectKey(entity.id)),
            ref('TARGET', 'SPEC-OBJECT-REF', objectKey(target)),
          ]),
        );
      }
    }
  }
  return out;
}

/** Requirements nest under the first requirement they refine; other kinds are flat. */
function specification(
  kind: EntityKind,
  entities: Entity[],
  model: Model,
  stamp: Record<string, string>,
): XmlItem {
  const ofKind = entities.filter((e) => e.kind === kind);
  const children = new Map<string, Entity[]>();
  const roots: Entity[] = [];
  for (const e of ofKind) {
    const parent = kind === 'requirement' ? hierarchyParent(e, model) : undefined;
    if (parent === undefined) roots.push(e);
    else pushChild(children, parent, e);
  }
  const node = (e: Entity): XmlItem => {
    const kids = children.get(e.id) ?? [];
    return el('SPEC-HIERARCHY', { IDENTIFIER: `rr-hierarchy-${idPart(e.id)}`, ...stamp }, [
      ref('OBJECT', 'SPEC-OBJECT-REF', objectKey(e.id)),
      ...(kids.length > 0 ? [el('CHILDREN', {}, kids.map(node))] : []),
    ]);
  };
  return el(
    'SPECIFICATION',
    { IDENTIFIER: `rr-specification-${kind}`, ...stamp, 'LONG-NAME': SECTION_WORDS[kind] },
    [ref('TYPE', 'SPECIFICATION-TYPE-REF', 'rr-specification-type'), el('CHILDREN', {}, roots.map(node))],
  );
}

/** Adds a child to its parent's list in place: copying the list per child is quadratic in a parent's children. */
function pushChild(children: Map<string, Entity[]>, parent: string, child: Entity): void {
  const list = children.get(parent);
  if (list === undefined) children.set(parent, [child]);
  else list.push(child);
}

/** The requirement an entity sits under in the hierarchy: the first it refines, when that exists. */
function hierarchyParent(entity: Entity, model: Model): string | undefined {
  const first = stringList(entity.data.refines)[0];
  return first !== undefined && model.byId.get(first)?.kind === 'requirement' ? first : undefined;
}

/**
 * Kinds in rr's order; within a kind, requirements in the order of their hierarchy (depth first from
 * the roots in model order) and the rest in model order. Importing keeps this order, so a re-export
 * gives the same bytes.
 */
function exportOrder(model: Model): Entity[] {
  const out: Entity[] = [];
  for (const kind of ENTITY_KINDS) {
    const ofKind = model.entities.filter((e) => e.kind === kind);
    if (kind !== 'requirement') {
      out.push(...ofKind);
      continue;
    }
    const children = new Map<string, Entity[]>();
    for (const e of ofKind) {
      const parent = hierarchyParent(e, model);
      if (parent !== undefined) pushChild(children, parent, e);
    }
    const seen = new Set<string>();
    const visit = (e: Entity) => {
      if (seen.has(e.id)) return;
      seen.add(e.id);
      out.push(e);
      for (const child of children.get(e.id) ?? []) visit(child);
    };
    for (const e of ofKind) if (hierarchyParent(e, model) === undefined) visit(e);
    // Requirements on a refines cycle have no root to start from: they follow in model order.
    for (const e of ofKind) visit(e);
  }
  return out;
}
