import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';
import { ProjectEntity } from './project.entity';

/**
 * A project-management link: one ticket (epic, issue) in an outside tool that tracks the project's
 * delivery. Planning data like its project, keyed (organization_id, plan_id, id); it goes when its project goes.
 */
@Entity({ name: 'project_links' })
// Also serves the lookups of a project's links (its leading columns).
@Index('uq_project_links_ticket', ['organizationId', 'planId', 'projectId', 'provider', 'key'], { unique: true })
export class ProjectLinkEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  projectId: string;

  /** The tool: `jira`, `linear`, `github`, ... */
  @Column({ type: 'varchar', length: 50 })
  provider: string;

  /** The ticket's key in the tool, such as `PAY-12`. */
  @Column({ type: 'varchar', length: 255 })
  key: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  /** The ticket's status as the tool names it. */
  @Column({ type: 'varchar', length: 100 })
  status: string;

  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_project_links_project' },
    { name: 'plan_id', referencedColumnName: 'planId' },
    { name: 'project_id', referencedColumnName: 'id' },
  ])
  project?: ProjectEntity;
}
