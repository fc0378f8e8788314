import { applyPlan, fieldPlan } from '../../src/crud/assign';
import { UpdateTeamDto } from '../../src/teams/dto/team.dto';

describe('field plans (src/crud/assign.ts)', () => {
  it('06/§3.1: a plan must place every field of the body; applyPlan copies the copy and numeric fields only', () => {
    // Checked by the compiler (npm run typecheck): a field placed nowhere, or a name the body does not have, does not compile.
    // @ts-expect-error parentTeamId is placed nowhere
    fieldPlan<UpdateTeamDto>()({ copy: ['name', 'externalId', 'description'], own: ['costCentreId', 'valueStreamId'] });
    fieldPlan<UpdateTeamDto>()({
      // @ts-expect-error not a field of the body
      copy: ['name', 'externalId', 'description', 'nope'],
      own: ['costCentreId', 'valueStreamId', 'parentTeamId'],
    });
    const plan = fieldPlan<{ name?: string; rate?: number; teamId?: string }>()({ copy: ['name'], numeric: ['rate'], own: ['teamId'] });
    const row = { name: 'a', rate: '1', teamId: null as string | null };
    expect(applyPlan(row, { name: 'b', rate: 2.5, teamId: 'x' }, plan)).toEqual({ name: 'b', rate: '2.5', teamId: null });
    expect(applyPlan(row, {}, plan)).toEqual({ name: 'b', rate: '2.5', teamId: null });
  });
});
