import type { Type } from '@nestjs/common';
import type { OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import type { ChangePayload, ResourceDescriptor } from '../crud/resources';
import { PERSON_KEYS } from '../database/person-external-ids';

type Schemas = Record<string, SchemaObject | ReferenceObject>;

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The response DTOs the change payloads repeat: the document must hold their schemas (Swagger's `extraModels`). */
export function changePayloadModels(resources: readonly ResourceDescriptor[]): Type<unknown>[] {
  return [...new Set(resources.flatMap((resource) => (resource.changes ? [resource.changes.payload.dto] : [])))];
}

/**
 * Types the changes feed per entity type: one `<EntityType>Change` schema for each entity type a resource shows
 * in `GET /changes` (its `changes` declaration, whose `payload` is required), whose `before` and `after` are the
 * resource's payload schema (`<Dto>ChangePayload`, made from its response DTO's schema), and the page's `data`
 * items become their `oneOf`, chosen by `entity_type` (a discriminator). `ChangeDto` (the fields every change has)
 * is the template and leaves the document. Returns the entity types typed.
 */
export function typeChangesFeed(doc: OpenAPIObject, resources: readonly ResourceDescriptor[], strict = false): string[] {
  const schemas = (doc.components?.schemas ?? {}) as Schemas;
  const template = schemas.ChangeDto as SchemaObject | undefined;
  const page = schemas.ChangesPageDto as SchemaObject | undefined;
  if (!template || !page) return [];
  const mapping: Record<string, string> = {};
  for (const resource of resources) {
    if (!resource.changes) continue;
    const payload = payloadSchema(schemas, resource.changes.payload, strict);
    for (const type of resource.changes.entityTypes) {
      const name = `${pascal(type)}Change`;
      if (schemas[name]) throw new Error(`OpenAPI: two schemas named ${name}`);
      const nullablePayload = { anyOf: [ref(payload), { enum: [null] }] } as SchemaObject;
      const properties = { ...(template.properties as Record<string, SchemaObject>) };
      schemas[name] = {
        ...template,
        description: `A change of a \`${type}\`: \`before\` and \`after\` are the record as the payload carries it.`,
        properties: {
          ...properties,
          entity_type: { ...properties.entity_type, enum: [type], example: type },
          before: { ...nullablePayload, description: properties.before.description },
          after: { ...nullablePayload, description: properties.after.description },
        },
      };
      mapping[type] = ref(name).$ref;
    }
  }
  const data = page.properties!.data as SchemaObject;
  data.items = {
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'entity_type', mapping },
  };
  delete schemas.ChangeDto;
  // A DTO added only for its payload (extraModels) and used by no answer leaves the document: its payload replaces it.
  const text = JSON.stringify(doc);
  for (const resource of resources) {
    const name = resource.changes?.payload.dto.name;
    if (name && schemas[name] && !text.includes(`"${ref(name).$ref}"`)) delete schemas[name];
  }
  return Object.keys(mapping);
}

/**
 * The payload schema of a declaration, added once: the DTO's properties (decimals as strings, omitted fields left
 * out), each person's externalId beside their id (Tx.flush adds it), and its name.
 */
function payloadSchema(schemas: Schemas, payload: ChangePayload, strict: boolean): string {
  const dtoName = payload.dto.name;
  const dto = schemas[dtoName] as SchemaObject | undefined;
  if (!dto) throw new Error(`OpenAPI: no schema of ${dtoName}, whose payload a change declares`);
  const name = `${dtoName.replace(/(Dto|Payload)$/, '')}ChangePayload`;
  const omit = new Set(payload.omit ?? []);
  const properties: Record<string, SchemaObject | ReferenceObject> = {};
  for (const [field, property] of Object.entries(dto.properties ?? {})) {
    if (omit.has(field)) continue;
    properties[field] = payload.decimals?.includes(field) ? decimalString(property as SchemaObject, payload.loose === true) : property;
    const person = PERSON_KEYS.find((key) => key.id === field);
    if (person) {
      properties[person.externalId] = {
        type: 'string',
        nullable: true,
        description: `The ${person.entityType}'s externalId (null when they have none or their personal data was erased).`,
        example: person.entityType === 'employee' ? 'HR-1042' : 'CTR-0042',
      };
    }
  }
  for (const field of payload.decimals ?? []) {
    // Under Jest (no Swagger plugin) the DTOs' undecorated fields are missing: only the committed document is checked.
    if (strict && !properties[field]) throw new Error(`OpenAPI: ${dtoName} has no decimal field ${field}`);
  }
  const required = payload.loose
    ? []
    : [...(dto.required ?? []), ...PERSON_KEYS.filter((k) => k.id in properties).map((k) => k.externalId)];
  const schema: SchemaObject = {
    type: 'object',
    description: `The record of a change (\`before\`, \`after\`) as webhooks and the changes feed carry it: the fields of ${dtoName}${
      payload.decimals?.length ? `, decimals as exact strings (${payload.decimals.join(', ')})` : ''
    }${payload.loose ? '; any field may be missing and others may be present' : ''}.`,
    properties,
    required: required.filter((field) => field in properties),
    ...(payload.loose ? { additionalProperties: true } : {}),
  };
  const existing = schemas[name];
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) throw new Error(`OpenAPI: two payloads named ${name} differ`);
  schemas[name] = schema;
  return name;
}

/** A decimal the payload writes as an exact string (null where the read's number may be null or the payload is loose). */
function decimalString(property: SchemaObject, loose: boolean): SchemaObject {
  const nullable = property.nullable === true || loose;
  return {
    type: 'string',
    ...(nullable ? { nullable: true } : {}),
    ...(property.description ? { description: `${property.description.replace(/\.$/, '')}, as an exact decimal string.` } : {}),
    ...(typeof property.example === 'number' ? { example: String(property.example) } : {}),
  };
}

/** `salary_adjustment` -> `SalaryAdjustment`. */
function pascal(type: string): string {
  return type.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
}
