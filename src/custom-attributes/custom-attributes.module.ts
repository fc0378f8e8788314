import { Module } from '@nestjs/common';
import { CustomAttributeDefinitionsService } from './custom-attribute-definitions.service';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';
import { CustomAttributeValuesService } from './custom-attribute-values.service';
import { CustomAttributeDefinitionsControllers } from './custom-attribute-definitions.controller';

@Module({
  controllers: CustomAttributeDefinitionsControllers,
  providers: [CustomAttributeDefinitionsService, CustomAttributeValuesService, CustomAttributeValuesRepository],
  exports: [CustomAttributeDefinitionsService, CustomAttributeValuesService, CustomAttributeValuesRepository],
})
export class CustomAttributesModule {}
