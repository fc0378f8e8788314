import { Module, OnModuleInit } from '@nestjs/common';
import { crudController } from '../crud/crud.controller';
import { ProjectsModule } from '../projects/projects.module';
import { ProjectsService } from '../projects/projects.service';
import { TeamsModule } from '../teams/teams.module';
import { TeamsService } from '../teams/teams.service';
import { AssignmentParties } from './assignment-parties';
import { AssignmentsRepository } from './assignments.repository';
import { AssignmentsService } from './assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from './dto/assignment.dto';

const AssignmentsController = crudController({
  path: 'assignments',
  tag: 'Assignments',
  view: 'assignments_view',
  edit: 'assignments_edit',
  service: AssignmentsService,
  response: AssignmentDto,
  create: CreateAssignmentDto,
  update: UpdateAssignmentDto,
  query: AssignmentQueryDto,
  idDescription: 'The assignment id',
});

@Module({
  imports: [TeamsModule, ProjectsModule],
  controllers: [AssignmentsController],
  providers: [AssignmentParties, AssignmentsService, AssignmentsRepository],
  exports: [AssignmentParties, AssignmentsService, AssignmentsRepository],
})
export class AssignmentsModule implements OnModuleInit {
  constructor(
    private readonly parties: AssignmentParties,
    private readonly teams: TeamsService,
    private readonly projects: ProjectsService,
    private readonly assignments: AssignmentsService,
  ) {}

  onModuleInit(): void {
    // FOR SHARE: a concurrent delete of the team or project waits for this assignment, then sees it.
    this.parties.register('team', async ({ ctx, em }, value, field) => (await this.teams.resolveId(ctx, em, value, field, 'share'))!);
    this.parties.register('project', async ({ ctx, em }, value, field) => (await this.projects.resolveId(ctx, em, value, field, 'share'))!);
    this.projects.registerDeleteHook((tx, projectId) => this.assignments.beforeProjectDelete(tx, projectId));
  }
}
