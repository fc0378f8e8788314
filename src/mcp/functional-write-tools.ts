import type { RequestContext } from '../common/auth/request-context';
import {
  FunctionalAssignmentBodyDto,
  FunctionalGroupBodyDto,
  FunctionalPositionBodyDto,
} from '../functional-structure/dto/functional-structure.dto';
import type { FunctionalFeatureGuard } from '../functional-structure/access/functional-feature.guard';
import type { FunctionalGroupsService } from '../functional-structure/groups/functional-groups.service';
import type { MoveFunctionalGroupUseCase } from '../functional-structure/groups/move-functional-group.use-case';
import type { FunctionalOccupanciesService } from '../functional-structure/seats/functional-occupancies.service';
import type { FunctionalPositionsService } from '../functional-structure/seats/functional-positions.service';
import { MoveGroupInputDto } from './dto/tool-inputs.dto';
import { McpTool, tool } from './mcp-tool';
import { dtoSchema, JsonSchema } from './tool-schemas';

export interface WriteServices {
  groups: FunctionalGroupsService;
  positions: FunctionalPositionsService;
  occupancies: FunctionalOccupanciesService;
  moveGroup: MoveFunctionalGroupUseCase;
  functionalFeature: FunctionalFeatureGuard;
}

/**
 * Document 02 counts functional-structure changes made by an assistant tool among the `user` changes:
 * the change is the key creator's, and its events carry `initiator: { type: 'user', id }` without email.
 */
function asCreator(ctx: RequestContext): RequestContext {
  return { ...ctx, actor: { type: 'user', id: ctx.userId! } };
}

/** The four functional-structure writes of spec 04 §3, through the REST writes' service methods. */
export function functionalWriteTools(s: WriteServices): McpTool[] {
  const write = <I extends object>(
    name: string,
    title: string,
    description: string,
    input: new () => I,
    inputSchema: JsonSchema,
    call: (ctx: RequestContext, input: I) => Promise<string>,
  ): McpTool =>
    tool({
      name,
      title,
      description,
      readOnly: false,
      permissions: ['functional_groups_edit'],
      dialect02: true,
      input,
      inputSchema,
      outputSchema: dtoSchema('WrittenIdDto'),
      run: async (ctx: RequestContext, body: I) => {
        await s.functionalFeature.assertEnabled(ctx.organizationId);
        return { id: await call(asCreator(ctx), body) };
      },
    });
  const moveSchema = dtoSchema('MoveGroupDto') as { properties: Record<string, JsonSchema>; required: string[] };
  return [
    write(
      'create_functional_group',
      'Create a functional group',
      'Creates a functional group, at the top level or beneath parentFunctionalGroupId (the body of POST /functional-groups).',
      FunctionalGroupBodyDto,
      dtoSchema('FunctionalGroupBodyDto'),
      (ctx, body) => s.groups.createGroup(ctx, body),
    ),
    write(
      'move_functional_group',
      'Move a functional group',
      'Moves group `id` under parentFunctionalGroupId (null: the top level) from effectiveDate (POST /functional-groups/:id/move).',
      MoveGroupInputDto,
      {
        ...moveSchema,
        properties: { id: { type: 'string', description: 'The group id or externalId' }, ...moveSchema.properties },
        required: ['id', ...moveSchema.required],
      },
      (ctx, { id, ...body }) => s.moveGroup.execute(ctx, id, body),
    ),
    write(
      'create_functional_position',
      'Create a functional position',
      'Creates a position (seat) in a group (the body of POST /functional-groups/positions).',
      FunctionalPositionBodyDto,
      dtoSchema('FunctionalPositionBodyDto'),
      (ctx, body) => s.positions.createPosition(ctx, body),
    ),
    write(
      'assign_functional_position',
      'Assign a functional position',
      'Fills a position with an employee, a contractor or a vacancy (the body of POST /functional-groups/assignments).',
      FunctionalAssignmentBodyDto,
      dtoSchema('FunctionalAssignmentBodyDto'),
      (ctx, body) => s.occupancies.createAssignment(ctx, body),
    ),
  ];
}
