import { Module } from '@nestjs/common';
import { FunctionalStructureModule } from '../functional-structure/functional-structure.module';
import { ChangesController } from './changes.controller';
import { ChangesRepository } from './changes.repository';
import { ChangesService } from './changes.service';

@Module({
  imports: [FunctionalStructureModule],
  controllers: [ChangesController],
  providers: [ChangesService, ChangesRepository],
})
export class ChangesModule {}
