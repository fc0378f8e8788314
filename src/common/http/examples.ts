/**
 * The demo organization's fixed ids: `cdemo`, a short kind, a number; 25 characters of [a-z0-9] like
 * every id the service makes. The same at every start and on every machine (the README lists them).
 */
export function demoId(kind: string, n: number): string {
  const head = `cdemo${kind}`;
  return head + String(n).padStart(25 - head.length, '0');
}

/** The demo's custom attribute definition of the record type a module's resource brings (its demo kind). */
export function demoDefinitionId(kind: string): string {
  return demoId(`cad${kind}`, 1);
}

/**
 * Example ids of the OpenAPI document: records of the demo organization, so that a request sent as the
 * document fills it in works against the demo. `deletable*` records exist to be deleted by the DELETE
 * examples (nothing refers to them).
 */
export const EXAMPLE_ID = {
  organization: demoId('org', 1),
  user: demoId('user', 1),
  employee: demoId('emp', 2),
  manager: demoId('emp', 1),
  contractor: demoId('ctr', 1),
  /** People who left, made for the erase examples to erase (number 98). */
  erasableEmployee: demoId('emp', 98),
  erasableContractor: demoId('ctr', 98),
  vacancy: demoId('vac', 1),
  team: demoId('team', 2),
  parentTeam: demoId('team', 1),
  project: demoId('proj', 1),
  jobRole: demoId('role', 1),
  location: demoId('loc', 1),
  costCentre: demoId('cc', 1),
  postCompletionCostCentre: demoId('cc', 4),
  valueStream: demoId('vs', 1),
  resourceType: demoId('rt', 1),
  assignment: demoId('asg', 1),
  salaryAdjustment: demoId('sal', 1),
  rateAdjustment: demoId('rate', 1),
  customAttributeDefinition: demoId('cad', 1),
  customAttributeValue: demoId('cav', 1),
  functionalGroup: demoId('grp', 2),
  functionalPosition: demoId('pos', 10),
  functionalAssignment: demoId('occ', 1),
  change: demoId('chg', 1),
  scenario: demoId('scn', 1),
  metric: demoId('met', 1),
  projectLink: demoId('link', 1),
  budget: demoId('bud', 1),
} as const;

/**
 * The demo organization's approval policy of scenarios, and the example of the organization PATCH: off (merging needs
 * no approval), one step decided by the demo approver or any holder of approve_scenarios, so a submitted scenario waits
 * for a decision.
 */
export const DEMO_APPROVAL_POLICY = {
  required: false,
  steps: [{ name: 'Finance', approverUserIds: [demoId('user', 3)], approverCapability: 'approve_scenarios' as const }],
};
