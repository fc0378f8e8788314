import { dtoSchema } from './tool-schemas';

describe('tool schemas from openapi.json', () => {
  it('inlines $ref and turns nullable into JSON Schema null types (plain types and referenced objects)', () => {
    const employee = dtoSchema('EmployeeDto') as { properties: Record<string, Record<string, unknown>> };
    // The type and format as JSON Schema writes them (the document's description and example ride along).
    const { type, format } = employee.properties.endDate;
    expect({ type, format }).toEqual({ type: ['string', 'null'], format: 'date' });
    // A nullable reference (`anyOf: [$ref, { enum: [null] }]`) may be null or the referenced object.
    const salary = employee.properties.currentSalary as { anyOf: Record<string, unknown>[] };
    expect(salary.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(JSON.stringify(employee)).not.toContain('$ref');
    expect(JSON.stringify(employee)).not.toContain('nullable');
  });

  it('a request body keeps its required list and nullable fields', () => {
    const body = dtoSchema('FunctionalGroupBodyDto') as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(body.required).toEqual(['name', 'startDate']);
    expect(body.properties.parentFunctionalGroupId.type).toEqual(['string', 'null']);
  });
});
