// What a ReqIF file holds, read from its XML tree: header, data types, spec types with their attribute
// definitions, spec objects with their values, relations and specifications with their hierarchy.
// Anything a file leaves out or references without defining is tolerated here; the importer reports it.
import { childElement, childElements, localName, textContent, type XmlNode } from './xml-tree.js';

/** A value of an attribute: plain text, the XHTML tree for XHTML values, enum value names for enums. */
export interface ReqifValue {
  /** STRING, XHTML, ENUMERATION, INTEGER, REAL, BOOLEAN, DATE */
  type: string;
  text: string;
  xhtml?: XmlNode;
  enumNames?: string[];
}

/** An attribute definition of a spec type. */
export interface ReqifAttribute {
  id: string;
  name: string;
  type: string;
  defaultValue?: ReqifValue;
}

/** A spec type (object, relation or specification type). */
export interface ReqifType {
  id: string;
  name: string;
  attributes: ReqifAttribute[];
}

/** A spec object with its values by attribute definition id. */
export interface ReqifObject {
  id: string;
  type: string;
  values: Map<string, ReqifValue>;
  line: number;
}

/** A spec relation between two spec objects. */
export interface ReqifRelation {
  id: string;
  type: string;
  source: string;
  target: string;
  line: number;
}

/** A node of a specification's hierarchy. */
export interface ReqifHierarchy {
  object: string;
  children: ReqifHierarchy[];
  line: number;
}

/** A specification: its name and hierarchy. */
export interface ReqifSpecification {
  id: string;
  name: string;
  /** the specification's own attribute values, by attribute definition id */
  values: Map<string, ReqifValue>;
  children: ReqifHierarchy[];
}

/** Everything an import needs from a ReqIF file. */
export interface ReqifContent {
  title: string;
  enumNames: Map<string, string>;
  objectTypes: Map<string, ReqifType>;
  relationTypes: Map<string, ReqifType>;
  /** every attribute definition by id, whichever type holds it */
  attributes: Map<string, ReqifAttribute>;
  objects: ReqifObject[];
  relations: ReqifRelation[];
  specifications: ReqifSpecification[];
  toolExtensions: number;
}

/** Reads the content of a `REQ-IF` root element. */
export function reqifContent(root: XmlNode): ReqifContent {
  const header = childElement(childElement(root, 'THE-HEADER'), 'REQ-IF-HEADER');
  const content = childElement(childElement(root, 'CORE-CONTENT'), 'REQ-IF-CONTENT');
  const result: ReqifContent = {
    title: textOf(childElement(header, 'TITLE')),
    enumNames: new Map(),
    objectTypes: new Map(),
    relationTypes: new Map(),
    attributes: new Map(),
    objects: [],
    relations: [],
    specifications: [],
    toolExtensions: childElements(childElement(root, 'TOOL-EXTENSIONS') ?? emptyNode()).length,
  };
  for (const datatype of childElements(childElement(content, 'DATATYPES') ?? emptyNode())) {
    for (const value of childElements(
      childElement(datatype, 'SPECIFIED-VALUES') ?? emptyNode(),
      'ENUM-VALUE',
    )) {
      const embedded = childElement(childElement(value, 'PROPERTIES'), 'EMBEDDED-VALUE');
      const name =
        value.attributes['LONG-NAME'] ??
        embedded?.attributes['OTHER-CONTENT'] ??
        value.attributes.IDENTIFIER ??
        '';
      result.enumNames.set(value.attributes.IDENTIFIER ?? '', name);
    }
  }
  for (const type of childElements(childElement(content, 'SPEC-TYPES') ?? emptyNode())) {
    const spec = specType(type, result);
    if (localName(type) === 'SPEC-OBJECT-TYPE') result.objectTypes.set(spec.id, spec);
    else if (localName(type) === 'SPEC-RELATION-TYPE') result.relationTypes.set(spec.id, spec);
  }
  for (const object of childElements(childElement(content, 'SPEC-OBJECTS') ?? emptyNode(), 'SPEC-OBJECT')) {
    result.objects.push({
      id: object.attributes.IDENTIFIER ?? '',
      type: refText(childElement(object, 'TYPE')),
      values: values(object, result),
      line: object.line,
    });
  }
  for (const relation of childElements(
    childElement(content, 'SPEC-RELATIONS') ?? emptyNode(),
    'SPEC-RELATION',
  )) {
    result.relations.push({
      id: relation.attributes.IDENTIFIER ?? '',
      type: refText(childElement(relation, 'TYPE')),
      source: refText(childElement(relation, 'SOURCE')),
      target: refText(childElement(relation, 'TARGET')),
      line: relation.line,
    });
  }
  for (const spec of childElements(childElement(content, 'SPECIFICATIONS') ?? emptyNode(), 'SPECIFICATION')) {
    result.specifications.push({
      id: spec.attributes.IDENTIFIER ?? '',
      name: spec.attributes['LONG-NAME'] ?? '',
      values: values(spec, result),
      children: hierarchy(spec),
    });
  }
  return result;
}

function emptyNode(): XmlNode {
  return { name: '', attributes: {}, children: [], line: 0 };
}

function textOf(node: XmlNode | undefined): string {
  return node === undefined ? '' : textContent(node).trim();
}

/** The text of the one `…-REF` element inside a wrapper (`<TYPE><SPEC-OBJECT-TYPE-REF>id</…></TYPE>`). */
function refText(wrapper: XmlNode | undefined): string {
  const ref = wrapper === undefined ? undefined : childElements(wrapper)[0];
  return ref === undefined ? '' : textContent(ref).trim();
}

function specType(node: XmlNode, content: ReqifContent): ReqifType {
  const type: ReqifType = {
    id: node.attributes.IDENTIFIER ?? '',
    name: node.attributes['LONG-NAME'] ?? '',
    attributes: [],
  };
  for (const def of childElements(childElement(node, 'SPEC-ATTRIBUTES') ?? emptyNode())) {
    const attribute: ReqifAttribute = {
      id: def.attributes.IDENTIFIER ?? '',
      name: def.attributes['LONG-NAME'] ?? def.attributes.IDENTIFIER ?? '',
      type: localName(def).replace(/^ATTRIBUTE-DEFINITION-/, ''),
    };
    const defaultValue = childElements(childElement(def, 'DEFAULT-VALUE') ?? emptyNode())[0];
    if (defaultValue !== undefined) attribute.defaultValue = value(defaultValue, content);
    type.attributes.push(attribute);
    content.attributes.set(attribute.id, attribute);
  }
  return type;
}

function values(object: XmlNode, content: ReqifContent): Map<string, ReqifValue> {
  const out = new Map<string, ReqifValue>();
  for (const node of childElements(childElement(object, 'VALUES') ?? emptyNode())) {
    out.set(refText(childElement(node, 'DEFINITION')), value(node, content));
  }
  return out;
}

function value(node: XmlNode, content: ReqifContent): ReqifValue {
  const type = localName(node).replace(/^ATTRIBUTE-VALUE-/, '');
  if (type === 'XHTML') {
    const holder = childElement(node, 'THE-VALUE');
    const div = holder === undefined ? undefined : childElements(holder)[0];
    const v: ReqifValue = { type, text: holder === undefined ? '' : textContent(holder).trim() };
    if (div !== undefined) v.xhtml = holder;
    return v;
  }
  if (type === 'ENUMERATION') {
    const refs = childElements(childElement(node, 'VALUES') ?? emptyNode()).map((r) => textContent(r).trim());
    const enumNames = refs.map((r) => content.enumNames.get(r) ?? r);
    return { type, text: enumNames.join(', '), enumNames };
  }
  return { type, text: node.attributes['THE-VALUE'] ?? '' };
}

function hierarchy(parent: XmlNode): ReqifHierarchy[] {
  return childElements(childElement(parent, 'CHILDREN') ?? emptyNode(), 'SPEC-HIERARCHY').map((h) => ({
    object: refText(childElement(h, 'OBJECT')),
    children: hierarchy(h),
    line: h.line,
  }));
}
