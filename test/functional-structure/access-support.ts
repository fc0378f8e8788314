import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { Tenant, TestApp } from '../support/test-app';
import { fs } from './support';

/** Logins, grants and a small restricted structure for the access-grant and visibility tests (document 02). */

let users = 0;

/** A login of the organization (with `permissions`) and a key of it carrying `keyPermissions`, as a Tenant. */
export async function login(
  t: TestApp,
  org: Tenant,
  permissions: string[],
  keyPermissions: string[] = [...API_PERMISSIONS],
  email?: string,
): Promise<Tenant & { email: string }> {
  const address = email ?? `login${++users}.${process.pid}@example.com`;
  const user = await t
    .admin('post', `/organizations/${org.orgId}/users`)
    .send({ email: address, name: `Login ${users}`, permissions })
    .expect(201);
  const key = await t
    .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
    .send({ name: 'k', permissions: keyPermissions })
    .expect(201);
  const who = { userId: user.body.data.id, userEmail: address, keyId: key.body.data.id };
  return { ...t.asKey(org, key.body.data.key, who), email: address };
}

export const grant = (
  by: Tenant,
  functionalGroupId: string,
  resourceId: string,
  access: 'EDITOR' | 'READER' = 'EDITOR',
  resourceType = 'USER',
) => by.api('post', '/functional-groups/access').send({ functionalGroupId, resourceType, resourceId, access });

export const ids = (list: { id: string }[]) => list.map((g) => g.id);

/** Depth-first ids and viewerAccess of a tree answer. */
export interface TreeNode {
  id: string;
  viewerAccess: string;
  children: TreeNode[];
}

export function flatten(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => [`${n.id}:${n.viewerAccess}`, ...flatten(n.children)]);
}

/**
 * A: top level with A1 (with A1x beneath) and A2; B: top level. Created by an "Edit all" key. The
 * organization restricts visibility to grants (`functionalGroupsRestrictedVisibility`) unless told otherwise.
 */
export async function structure(t: TestApp, restricted = true) {
  const org = await t.createTenant();
  if (restricted) await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsRestrictedVisibility: true }).expect(200);
  const f = fs(t, org);
  const a = await f.group({ name: 'A' });
  const a1 = await f.group({ name: 'A1', parentFunctionalGroupId: a });
  const a1x = await f.group({ name: 'A1x', parentFunctionalGroupId: a1 });
  const a2 = await f.group({ name: 'A2', parentFunctionalGroupId: a });
  const b = await f.group({ name: 'B' });
  return { org, f, a, a1, a1x, a2, b };
}

/** `caller` sees exactly `expected` (group id -> viewerAccess) in the list, the tree, GET /:id, its positions and summary. */
export async function expectSees(who: string, caller: Tenant, expected: Record<string, 'EDITOR' | 'READER'>, all: string[]): Promise<void> {
  const list = (await caller.api('get', '/functional-groups?limit=100').expect(200)).body.data;
  const seen = Object.fromEntries(list.groups.map((g: { id: string; viewerAccess: string }) => [g.id, g.viewerAccess]));
  expect([who, seen, list.total]).toEqual([who, expected, Object.keys(expected).length]);
  const tree = (await caller.api('get', '/functional-groups/tree').expect(200)).body.data;
  expect([who, Object.fromEntries(flatten(tree.groups).map((s) => s.split(':'))), tree.totalGroups]).toEqual([
    who,
    expected,
    Object.keys(expected).length,
  ]);
  for (const id of all) {
    const res = await caller.api('get', `/functional-groups/${id}`);
    expect([who, id, res.status, res.body.data?.viewerAccess]).toEqual([who, id, expected[id] ? 200 : 404, expected[id]]);
    const positions = await caller.api('get', `/functional-groups/${id}/positions`);
    expect([who, id, positions.status]).toEqual([who, id, expected[id] ? 200 : 404]);
    const summary = await caller.api('get', `/functional-groups/${id}/summary`);
    expect([who, id, summary.status]).toEqual([who, id, expected[id] ? 200 : 404]);
  }
}
