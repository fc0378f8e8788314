import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { ProjectsService } from '../projects/projects.service';
import { TeamsModule } from '../teams/teams.module';
import { TeamsService } from '../teams/teams.service';
import { AssignmentParties } from './assignment-parties';
import { AssignmentsRepository } from './assignments.repository';
import { AssignmentsService } from './assignments.service';
import { AssignmentsControllers } from './assignments.controller';

@Module({
  imports: [TeamsModule, ProjectsModule],
  controllers: AssignmentsControllers,
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
    this.parties.register('team', async ({ ctx, em }, value, field) => (await this.teams.resolveId({ ctx, em }, value, field, 'share'))!);
    this.parties.register(
      'project',
      async ({ ctx, em }, value, field) => (await this.projects.resolveId({ ctx, em }, value, field, 'share'))!,
    );
    this.projects.registerDeleteHook((tx, projectId) => this.assignments.beforeProjectDelete(tx, projectId));
  }
}
