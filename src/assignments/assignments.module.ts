import { Module, OnModuleInit } from '@nestjs/common';
import { crudController } from '../common/crud/crud.controller';
import { TeamsModule } from '../teams/teams.module';
import { TeamsService } from '../teams/teams.service';
import { AssignmentParties } from './assignment-parties';
import { AssignmentsService } from './assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from './dto/assignment.dto';

const AssignmentsController = crudController({
  path: 'assignments',
  tag: 'Assignments',
  view: 'assignments_view',
  edit: 'assignments_edit',
  service: AssignmentsService as never,
  response: AssignmentDto,
  create: CreateAssignmentDto,
  update: UpdateAssignmentDto,
  query: AssignmentQueryDto,
  idDescription: 'The assignment id',
});

@Module({
  imports: [TeamsModule],
  controllers: [AssignmentsController],
  providers: [AssignmentParties, AssignmentsService],
  exports: [AssignmentParties, AssignmentsService],
})
export class AssignmentsModule implements OnModuleInit {
  constructor(
    private readonly parties: AssignmentParties,
    private readonly teams: TeamsService,
  ) {}

  onModuleInit(): void {
    const team = async (...args: Parameters<TeamsService['resolveId']>) => (await this.teams.resolveId(...args))!;
    this.parties.register('team', (ctx, em, value, field) => team(ctx, em, value, field));
  }
}
