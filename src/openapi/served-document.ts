import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';

/**
 * The server the served document names: PUBLIC_BASE_URL when set, else `/`, relative to wherever the document was read
 * from (spec 03 §1.21: never the request's Host header, which any client sets, so a cached or shared copy of the
 * document cannot point browsers at another server).
 */
export function serverOf(publicBaseUrl: string | null): string {
  return publicBaseUrl?.replace(/\/+$/, '') || '/';
}

/**
 * What `/docs/openapi.json` and Swagger UI get: the built document naming the server it is read from
 * and, where the database holds the demo organization, its id as the example of every `orgId`
 * (Swagger UI fills it in "Try it out"). The copy with the example is made once per id.
 */
export class ServedDocument {
  private withDemo: { orgId: string; doc: OpenAPIObject } | null = null;

  constructor(private readonly doc: OpenAPIObject) {}

  for(server: string, demoOrgId: string | null): OpenAPIObject {
    const base = demoOrgId ? this.withDemoOrg(demoOrgId) : this.doc;
    return { ...base, servers: [{ url: server, description: 'This server' }] };
  }

  private withDemoOrg(orgId: string): OpenAPIObject {
    if (this.withDemo?.orgId !== orgId) {
      const doc = structuredClone(this.doc);
      for (const item of Object.values(doc.paths) as Record<string, OperationObject | undefined>[]) {
        for (const op of Object.values(item)) {
          const param = (op?.parameters as ParameterObject[] | undefined)?.find((p) => p.in === 'path' && p.name === 'orgId');
          if (param) param.example = orgId;
        }
      }
      this.withDemo = { orgId, doc };
    }
    return this.withDemo.doc;
  }
}
