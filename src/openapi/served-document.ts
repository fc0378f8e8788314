import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';
import type { Request } from 'express';

/** The server the served document names: PUBLIC_BASE_URL when set, else the request's protocol and Host. */
export function serverOf(req: Request, publicBaseUrl: string | null): string {
  return (publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
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
