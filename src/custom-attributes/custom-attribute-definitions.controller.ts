import { crudControllers } from '../crud/crud.controller';
import { CustomAttributeDefinitionsService } from './custom-attribute-definitions.service';
import {
  CreateCustomAttributeDefinitionDto,
  CustomAttributeDefinitionDto,
  CustomAttributeDefinitionQueryDto,
  UpdateCustomAttributeDefinitionDto,
} from './dto/custom-attribute-definition.dto';

/** The routes of this module. */
export const CustomAttributeDefinitionsControllers = crudControllers({
  path: 'custom-attributes',
  tag: 'Custom attributes',
  view: 'custom_attributes_view',
  edit: 'custom_attributes_edit',
  service: CustomAttributeDefinitionsService,
  response: CustomAttributeDefinitionDto,
  create: CreateCustomAttributeDefinitionDto,
  update: UpdateCustomAttributeDefinitionDto,
  query: CustomAttributeDefinitionQueryDto,
  idDescription: 'The definition id',
  nouns: { one: 'custom attribute definition', many: 'custom attribute definitions' },
});
