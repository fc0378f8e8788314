import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { CustomAttributeValuesService, ValueTarget } from '../custom-attributes/custom-attribute-values.service';
import type { SetCustomAttributeValueDto } from '../custom-attributes/dto/custom-attribute-value.dto';
import { referenceDay } from './dated';
import { FunctionalAccessService } from './access/functional-access.service';
import { FunctionalGroupsService } from './groups/functional-groups.service';
import { FunctionalPositionsService } from './seats/functional-positions.service';

/** Custom attribute values of groups and seats, recorded as an update of the group or seat (document 02). */
@Injectable()
export class FunctionalAttributesService {
  constructor(
    private readonly values: CustomAttributeValuesService,
    private readonly access: FunctionalAccessService,
    private readonly groups: FunctionalGroupsService,
    private readonly positions: FunctionalPositionsService,
  ) {}

  async setAttribute(
    ctx: RequestContext,
    kind: 'group' | 'position',
    id: string,
    definitionId: string,
    body: SetCustomAttributeValueDto,
  ): Promise<string> {
    await this.values.set(ctx, this.valueTarget(kind), id, definitionId, body);
    return id;
  }

  async clearAttribute(ctx: RequestContext, kind: 'group' | 'position', id: string, definitionId: string): Promise<string> {
    await this.values.clear(ctx, this.valueTarget(kind), id, definitionId);
    return id;
  }

  private valueTarget(kind: 'group' | 'position'): ValueTarget {
    return kind === 'group'
      ? {
          entityType: 'FUNCTIONAL_GROUP',
          recordAs: 'functional_group',
          find: async ({ ctx, em }, id) => {
            const group = await this.groups.findGroup({ ctx, em }, id);
            await this.access.assertCanEditGroup({ ctx, em }, group.id, referenceDay(group));
            return { id: group.id };
          },
        }
      : {
          entityType: 'FUNCTIONAL_POSITION',
          recordAs: 'functional_position',
          find: async ({ ctx, em }, id) => {
            const position = await this.positions.findPosition({ ctx, em }, id);
            await this.access.assertCanEditGroup({ ctx, em }, position.functionalGroupId, referenceDay(position));
            return { id: position.id };
          },
        };
  }
}
