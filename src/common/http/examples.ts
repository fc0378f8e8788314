/**
 * Example ids of the OpenAPI document, shaped like the ids the service makes (CUIDs). They name no real
 * record: a request that sends them as references is answered as for any unknown id.
 */
export const EXAMPLE_ID = {
  employee: 'cm3x7k2p90000abcdqwer1234',
  contractor: 'cm3x7k2p90001bcdeqwer1234',
  vacancy: 'cm3x7k2p90002cdefqwer1234',
  team: 'cm3x7k2p90003defgqwer1234',
  project: 'cm3x7k2p90004efghqwer1234',
  jobRole: 'cm3x7k2p90005fghiqwer1234',
  location: 'cm3x7k2p90006ghijqwer1234',
  costCentre: 'cm3x7k2p90007hijkqwer1234',
  valueStream: 'cm3x7k2p90008ijklqwer1234',
  resourceType: 'cm3x7k2p90009jklmqwer1234',
  user: 'cm3x7k2p9000akmnoqwer1234',
  assignment: 'cm3x7k2p9000blmnpqwer1234',
  salaryAdjustment: 'cm3x7k2p9000cmnoqqwer1234',
  rateAdjustment: 'cm3x7k2p9000dnoprqwer1234',
  customAttributeDefinition: 'cm3x7k2p9000eopqsqwer1234',
  customAttributeValue: 'cm3x7k2p9000fpqrtqwer1234',
  functionalGroup: 'cm3x7k2p9000gqrsuqwer1234',
  functionalPosition: 'cm3x7k2p9000hrstvqwer1234',
  functionalAssignment: 'cm3x7k2p9000istuwqwer1234',
  change: 'cm3x7k2p9000jtuvxqwer1234',
  organization: 'cm3x7k2p9000kuvwyqwer1234',
  scenario: 'cm3x7k2p9000lvwxzqwer1234',
  manager: 'cm3x7k2p9000mwxyaqwer1234',
  parentTeam: 'cm3x7k2p9000nxyzbqwer1234',
  postCompletionCostCentre: 'cm3x7k2p9000oyzacqwer1234',
  metric: 'cm3x7k2p9000pzabdqwer1234',
  projectLink: 'cm3x7k2p9000qabceqwer1234',
} as const;
