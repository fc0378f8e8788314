import { Module } from '@nestjs/common';
import { crudController } from '../crud/crud.controller';
import { CustomAttributeDefinitionsService } from './custom-attribute-definitions.service';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';
import { CustomAttributeValuesService } from './custom-attribute-values.service';
import {
  CreateCustomAttributeDefinitionDto,
  CustomAttributeDefinitionDto,
  CustomAttributeDefinitionQueryDto,
  UpdateCustomAttributeDefinitionDto,
} from './dto/custom-attribute-definition.dto';

const DefinitionsController = crudController({
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

@Module({
  controllers: [DefinitionsController],
  providers: [CustomAttributeDefinitionsService, CustomAttributeValuesService, CustomAttributeValuesRepository],
  exports: [CustomAttributeDefinitionsService, CustomAttributeValuesService, CustomAttributeValuesRepository],
})
export class CustomAttributesModule {}
