import { ApiKeyEntity } from '../access/entities/api-key.entity';
import { OrganizationEntity } from '../organizations/entities/organization.entity';
import { UserEntity } from '../organizations/entities/user.entity';
import { PlanEntity } from '../scenarios/entities/plan.entity';
import { RecordChangeEntity } from './entities/record-change.entity';

/** Every entity, for the app's data source and the TypeORM CLI alike. Add new ones here. */
export const ENTITIES = [OrganizationEntity, PlanEntity, UserEntity, ApiKeyEntity, RecordChangeEntity];
